import { z } from 'zod';
import { clientLogLevel } from './enums.ts';

/** POST /api/logs: spec §7, a client-side log line (error screen, missing translations, session errors). */
export const clientLogRequest = z
  .object({
    message: z.string().trim().min(1).max(2000),
    level: clientLogLevel,
    payload: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ClientLogRequest' });
export type ClientLogRequest = z.infer<typeof clientLogRequest>;

export const clientLogResponse = z.object({ id: z.string() });
