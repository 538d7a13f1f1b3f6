import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-type.ts';

/**
 * Makes one customer's copy of everything (decision 110). `origin` is the site's address the customer asked from,
 * for the link in the mail that says the copy is ready. A long history takes minutes: the timeout allows half an hour.
 */
export const makeDataExportJob = defineJob({
  kind: 'data-exports.make',
  payload: z.object({ exportId: z.uuid(), origin: z.url() }),
  maxAttempts: 3,
  timeoutMs: 30 * 60_000,
});
