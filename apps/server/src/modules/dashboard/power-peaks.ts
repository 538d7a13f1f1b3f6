import { sql } from 'drizzle-orm';
import { addDays, monthEnd, monthStart, todayIn } from '@portal/schema/calendar-dates';
import type { PowerPeaks } from '@portal/schema/energy';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { readTogether } from '../../platform/reads-together.ts';
import { whToKwh } from '../../platform/exact-money.ts';
import { dayPeaksSql, pricedStatusesSql } from '../pricing/pricing-sql.ts';
import { chargedPowerW, peakOf, POWER_KIND } from '../pricing/tariff.ts';

/**
 * A month's peak hour of each metering point whose contract has a power charge (decision 119), as the bill reads it:
 * the highest hour of the contract's days of the month (so far, for the running month), from the hourly rollups on
 * the site's clock, with the kW the charge bills above the threshold. `month` (YYYY-MM) is the running month unless
 * given. The contracts and thresholds are those in force on the month's last day, or today in the running month; a
 * month still to come has no hours yet. Scoped by the acting customer and site (rule 1).
 */
export async function powerPeaks(
  executor: Executor,
  scope: CustomerScope,
  site: { timezone: string },
  now: Date,
  month?: string,
): Promise<PowerPeaks> {
  const { timezone } = site;
  const running = todayIn(timezone, now);
  const from = month ? `${month}-01` : monthStart(running);
  const toCome = from > running;
  // The day the month is read as of: its last day, today in the running month, its first in a month still to come.
  const asOf = toCome ? from : monthEnd(from) < running ? monthEnd(from) : running;
  // Hours before this day on the site's clock count: none in a month to come.
  const until = toCome ? from : addDays(asOf, 1);
  // The power charge in force that day, whose threshold the month is billed at: of several, the one that started last.
  const inForce = sql`select c.id, c.metering_point_id, mp.gsrn, p.threshold_kw::text as threshold_kw, c.start_date
        from contract c
        join metering_point mp on mp.id = c.metering_point_id
        join lateral (
          select pc.threshold_kw from price_component pc
          where pc.contract_id = c.id and pc.kind = ${POWER_KIND} and pc.valid_from <= ${asOf}::date
            and coalesce(pc.valid_to, 'infinity'::date) >= ${asOf}::date
          order by pc.valid_from desc limit 1
        ) p on true
        where c.site_id = ${scope.siteId} and c.customer_id = ${scope.customerId} and c.status in (${pricedStatusesSql})
          and c.start_date <= ${asOf}::date and coalesce(c.end_date, 'infinity'::date) >= ${asOf}::date`;
  // The contracts and their month's day peaks in one statement (decision 135).
  const [contracts, hours] = await readTogether(executor, [
    {
      sql: inForce,
      orderBy: ['gsrn', 'start_date'],
      decode: (rows) => rows as { id: string; metering_point_id: string; gsrn: string; threshold_kw: string | null }[],
    },
    {
      sql: sql`select contract_id, wh::text as wh, starts_at from (${dayPeaksSql({
        contracts: sql`(select c.id, c.metering_point_id, c.start_date, coalesce(c.end_date, 'infinity'::date) as end_date from contract c
                        where c.site_id = ${scope.siteId} and c.customer_id = ${scope.customerId}
                          and c.id in (select id from (${inForce}) in_force))`,
        lower: sql`((${from}::date)::timestamp at time zone ${timezone}::text)`,
        upper: sql`((${until}::date)::timestamp at time zone ${timezone}::text)`,
        timezone,
      })}) p`,
      orderBy: ['contract_id', 'starts_at'],
      decode: (rows) => rows as { contract_id: string; wh: string; starts_at: Date | string }[],
    },
  ]);
  const peaks = contracts.map((row) => {
    const peak = peakOf(
      hours.filter((hour) => hour.contract_id === row.id).map((hour) => ({ wh: BigInt(hour.wh), startsAt: new Date(hour.starts_at) })),
    );
    return {
      meteringPointId: row.metering_point_id,
      gsrn: row.gsrn,
      startsAt: peak ? peak.startsAt.toISOString() : null,
      kw: whToKwh(peak?.wh ?? 0n),
      thresholdKw: row.threshold_kw,
      chargedKw: whToKwh(chargedPowerW(peak?.wh ?? 0n, row.threshold_kw)),
    };
  });
  return { timezone, month: from.slice(0, 7), peaks };
}
