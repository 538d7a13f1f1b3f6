import { sql } from 'drizzle-orm';
import { monthStart, todayIn } from '@portal/schema/calendar-dates';
import type { PowerPeaks } from '@portal/schema/energy';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import { whToKwh } from '../../platform/exact-money.ts';
import { dayPeaksSql, pricedStatusesSql } from '../pricing/pricing-sql.ts';
import { chargedPowerW, peakOf, POWER_KIND } from '../pricing/tariff.ts';

/**
 * The running month's peak hour of each metering point whose contract has a power charge (decision 119), as the
 * bill will read it: the highest hour of the contract's days of the month so far, from the hourly rollups on the
 * site's clock, with the kW the charge bills above the threshold in force today. Scoped by the acting customer and
 * site (rule 1).
 */
export async function powerPeaks(executor: Executor, scope: CustomerScope, site: { timezone: string }, now: Date): Promise<PowerPeaks> {
  const { timezone } = site;
  const today = todayIn(timezone, now);
  const from = monthStart(today);
  // The power charge in force today, whose threshold the month is billed at: of several, the one that started last.
  const contracts = await queryRows<{ id: string; metering_point_id: string; gsrn: string; threshold_kw: string | null }>(
    executor,
    sql`select c.id, c.metering_point_id, mp.gsrn, p.threshold_kw::text as threshold_kw
        from contract c
        join metering_point mp on mp.id = c.metering_point_id
        join lateral (
          select pc.threshold_kw from price_component pc
          where pc.contract_id = c.id and pc.kind = ${POWER_KIND} and pc.valid_from <= ${today}::date
            and coalesce(pc.valid_to, 'infinity'::date) >= ${today}::date
          order by pc.valid_from desc limit 1
        ) p on true
        where c.site_id = ${scope.siteId} and c.customer_id = ${scope.customerId} and c.status in (${pricedStatusesSql})
          and c.start_date <= ${today}::date and coalesce(c.end_date, 'infinity'::date) >= ${today}::date
        order by mp.gsrn, c.start_date`,
  );
  const peaks: PowerPeaks['peaks'] = [];
  if (contracts.length > 0) {
    const ids = sql.join(
      contracts.map((row) => sql`${row.id}`),
      sql`, `,
    );
    const hours = await queryRows<{ contract_id: string; wh: string; starts_at: Date | string }>(
      executor,
      sql`select contract_id, wh::text as wh, starts_at from (${dayPeaksSql({
        contracts: sql`(select c.id, c.metering_point_id, c.start_date, coalesce(c.end_date, 'infinity'::date) as end_date from contract c
                        where c.site_id = ${scope.siteId} and c.customer_id = ${scope.customerId} and c.id in (${ids}))`,
        lower: sql`((${from}::date)::timestamp at time zone ${timezone}::text)`,
        upper: sql`(((${today}::date + 1)::timestamp) at time zone ${timezone}::text)`,
        timezone,
      })}) p`,
    );
    for (const row of contracts) {
      const peak = peakOf(
        hours.filter((hour) => hour.contract_id === row.id).map((hour) => ({ wh: BigInt(hour.wh), startsAt: new Date(hour.starts_at) })),
      );
      peaks.push({
        meteringPointId: row.metering_point_id,
        gsrn: row.gsrn,
        startsAt: peak ? peak.startsAt.toISOString() : null,
        kw: whToKwh(peak?.wh ?? 0n),
        thresholdKw: row.threshold_kw,
        chargedKw: whToKwh(chargedPowerW(peak?.wh ?? 0n, row.threshold_kw)),
      });
    }
  }
  return { timezone, month: from.slice(0, 7), peaks };
}
