import { and, eq, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import { todayIn } from '@portal/schema/calendar-dates';
import type { ContractStatus } from '@portal/schema/enums';
import { z } from 'zod';
import { contract } from '../../db/schema/energy.ts';
import { site } from '../../db/schema/sites.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { defineSchedule } from '../../platform/jobs/job-schedules.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/job-type.ts';
import { LIVE_STATUSES, nextStatus } from './contract-life-cycle.ts';

const noPayload = z.object({});

export const advanceContractsJob = defineJob({ kind: 'contracts.advance-life-cycle', payload: noPayload, maxAttempts: 3 });

/**
 * Hourly, because sites keep different clocks: a contract's day begins at midnight in its site's time zone, and
 * an hourly pass writes each step within the first hour of that day wherever the site is.
 */
export const advanceContractsHourly = defineSchedule({
  name: 'contracts.advance-life-cycle',
  cron: '5 * * * *',
  timezone: 'UTC',
  job: advanceContractsJob,
  payload: {},
});

/**
 * Writes the calendar's steps of the life cycle (docs/decisions/030-contract-life-cycle.md): a signed contract
 * whose supply has started becomes active, and a live contract past its end date ends. Readers already see both
 * through `statusOn`; writing them keeps billing, renewal offers and reports on the stored status right.
 */
export const advanceContracts: JobHandler<typeof noPayload> = async (_payload, { db, runAt, log }) => {
  const sites = await db.select({ id: site.id, timezone: site.timezone }).from(site);
  let activated = 0;
  let ended = 0;
  for (const { id, timezone } of sites) {
    const today = todayIn(timezone, runAt);
    const started = await db
      .update(contract)
      .set({ status: nextStatus('signed', 'activate') })
      .where(and(eq(contract.siteId, id), eq(contract.status, 'signed'), lte(contract.startDate, today)))
      .returning({ id: contract.id });
    const live: ContractStatus[] = [...LIVE_STATUSES];
    const finished = await db
      .update(contract)
      .set({ status: nextStatus('active', 'end') })
      .where(and(eq(contract.siteId, id), inArray(contract.status, live), isNotNull(contract.endDate), lt(contract.endDate, today)))
      .returning({ id: contract.id });
    activated += started.length;
    ended += finished.length;
  }
  log.info({ activated, ended }, 'contract life cycle advanced');
};

export function runContractLifeCycle(jobs: JobRunner): void {
  jobs.handle(advanceContractsJob, advanceContracts);
  jobs.schedule(advanceContractsHourly);
}
