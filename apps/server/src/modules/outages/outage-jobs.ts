import { z } from 'zod';
import { defineSchedule } from '../../platform/jobs/job-schedules.ts';
import { defineJob } from '../../platform/jobs/job-type.ts';

/**
 * Reads every outage site's outage system and applies what changed: outages start and end, meters go dark and come
 * back, and outage contacts get their notices (docs/decisions/051-outages.md, 052-outage-notices.md).
 */
export const syncOutagesJob = defineJob({ kind: 'outages.sync', payload: z.object({}), maxAttempts: 3, timeoutMs: 60_000 });

/** Sends one outage notice at its hour (by the contact's timing) and records that it was sent. */
export const outageNoticeJob = defineJob({ kind: 'outages.notice', payload: z.object({ noticeId: z.number().int().positive() }) });

/** Every five minutes: an outage's start reaches its contacts within that. */
export const syncOutagesSchedule = defineSchedule({
  name: 'outages.sync',
  cron: '*/5 * * * *',
  timezone: 'UTC',
  job: syncOutagesJob,
  payload: {},
});

/** Starts and ends the outages an operator's staff published, at their times (decision 126). */
export const operatorOutageClockJob = defineJob({
  kind: 'outages.operator-clock',
  payload: z.object({}),
  maxAttempts: 3,
  timeoutMs: 60_000,
});

/** Every minute: a published outage turns current within a minute of its start. */
export const operatorOutageClockSchedule = defineSchedule({
  name: 'outages.operator-clock',
  cron: '* * * * *',
  timezone: 'UTC',
  job: operatorOutageClockJob,
  payload: {},
});
