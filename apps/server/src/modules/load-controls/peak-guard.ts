import { sql } from 'drizzle-orm';
import { localDate, localHour } from '@portal/schema/calendar-dates';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import { powerPeaks } from '../dashboard/power-peaks.ts';
import { kwToW, peakLimitW } from '../pricing/tariff.ts';
import type { PricedHour } from './cheapest-hours.ts';

/** How many recent days of the point's own hours make its typical hour. */
const TYPICAL_DAYS = 28;

/** A plan's hours measured against the month's power peak: each hour's expected average with the load on, and its limit. */
export type PeakGuard = { expectedW: bigint[]; limitW: bigint[]; over: Set<number> };

/**
 * The point's typical consumption in each hour of the day on the site's clock: the average of the same local hour
 * over the last four weeks of its hourly rollups, in Wh (= W over the hour).
 */
async function typicalHourWh(executor: Executor, meteringPointId: string, now: Date, timezone: string): Promise<Map<number, bigint>> {
  const rows = await queryRows<{ hour: number; wh: string }>(
    executor,
    sql`select extract(hour from starts_at at time zone ${timezone}::text)::int as hour, round(avg(wh))::bigint::text as wh
        from reading_hour
        where metering_point_id = ${meteringPointId} and direction = 'consumption'
          and starts_at >= ${new Date(now.getTime() - TYPICAL_DAYS * 86_400_000).toISOString()}::timestamptz
          and starts_at < ${now.toISOString()}::timestamptz
        group by 1`,
  );
  return new Map(rows.map((row) => [Number(row.hour), BigInt(row.wh)]));
}

/**
 * Where a cheapest-hours plan would raise the month's power peak (docs/decisions/128): null when the point's contract
 * has no power charge. An hour is over when the point's typical consumption then plus the load's rated power exceeds
 * the month's peak so far, or the threshold when higher (decision 119). An hour of the next month is measured
 * against the threshold alone: a month starts with no peak.
 */
export async function peakGuard(
  executor: Executor,
  scope: CustomerScope & { timezone: string },
  meteringPointId: string,
  hours: PricedHour[],
  ratedW: number,
  now: Date,
): Promise<PeakGuard | null> {
  const { timezone } = scope;
  const { month, peaks } = await powerPeaks(executor, scope, { timezone }, now);
  const peak = peaks.find((candidate) => candidate.meteringPointId === meteringPointId);
  if (!peak) return null;
  const typical = await typicalHourWh(executor, meteringPointId, now, timezone);
  const thisMonth = peakLimitW(kwToW(peak.kw), peak.thresholdKw);
  const newMonth = peakLimitW(0n, peak.thresholdKw);
  const limitW = hours.map((hour) => (localDate(hour.startsAt, timezone).startsWith(month) ? thisMonth : newMonth));
  const expectedW = hours.map((hour) => (typical.get(localHour(hour.startsAt, timezone)) ?? 0n) + BigInt(ratedW));
  const over = new Set(hours.map((_, index) => index).filter((index) => expectedW[index]! > limitW[index]!));
  return { expectedW, limitW, over };
}
