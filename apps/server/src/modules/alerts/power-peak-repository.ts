import { sql } from 'drizzle-orm';
import type { CustomerType } from '@portal/schema/enums';
import { liveHourRegister } from '../../db/schema/power.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import { dayPeaksSql, pricedStatusesSql } from '../pricing/pricing-sql.ts';
import { peakOf, POWER_KIND } from '../pricing/tariff.ts';
import type { RegisterReading } from './power-peak-rule.ts';

/** A metering point whose contract in force has a power charge, with what the alert needs of it. */
export type WatchedPoint = {
  customerId: string;
  customerType: CustomerType;
  contractId: string;
  meteringPointId: string;
  gsrn: string;
  resolutionMinutes: number;
  priceCents: string;
  thresholdKw: string | null;
  /** The head-end reaches the meter, so its live readings can be asked for. */
  controllable: boolean;
};

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The SQL of the power peak alert (docs/decisions/128): the points watched, their month's peak, their latest hour. */
export const powerPeakRepository = {
  /** Of these customers, each metering point on the site whose contract in force on `day` has a power charge. */
  async watchedPoints(executor: Executor, siteId: string, customerIds: string[], day: string): Promise<WatchedPoint[]> {
    if (customerIds.length === 0) return [];
    const rows = await queryRows<{
      customer_id: string;
      customer_type: CustomerType;
      contract_id: string;
      metering_point_id: string;
      gsrn: string;
      resolution_minutes: number;
      price_cents: string;
      threshold_kw: string | null;
      controllable: boolean;
    }>(
      executor,
      sql`select c.customer_id, cu.type as customer_type, c.id as contract_id, mp.id as metering_point_id, mp.gsrn,
                 mp.resolution_minutes, p.price_cents::text as price_cents, p.threshold_kw::text as threshold_kw,
                 exists (select 1 from meter_control m where m.metering_point_id = mp.id) as controllable
          from contract c
          join customer cu on cu.id = c.customer_id
          join metering_point mp on mp.id = c.metering_point_id and mp.site_id = c.site_id
          join lateral (
            select pc.price_cents, pc.threshold_kw from price_component pc
            where pc.contract_id = c.id and pc.kind = ${POWER_KIND} and pc.valid_from <= ${day}::date
              and coalesce(pc.valid_to, 'infinity'::date) >= ${day}::date
            order by pc.valid_from desc limit 1
          ) p on true
          where c.site_id = ${siteId} and c.customer_id in (${list(customerIds)}) and c.status in (${pricedStatusesSql})
            and c.start_date <= ${day}::date and coalesce(c.end_date, 'infinity'::date) >= ${day}::date
          order by c.customer_id, mp.gsrn`,
    );
    return rows.map((row) => ({
      customerId: row.customer_id,
      customerType: row.customer_type,
      contractId: row.contract_id,
      meteringPointId: row.metering_point_id,
      gsrn: row.gsrn,
      resolutionMinutes: Number(row.resolution_minutes),
      priceCents: row.price_cents,
      thresholdKw: row.threshold_kw,
      controllable: row.controllable,
    }));
  },

  /**
   * The highest hour of the contract's days in the local month of `hourStart`, before that hour (decision 119's
   * search, `dayPeaksSql`, on the site's clock), or null when the month has no hour before it.
   */
  async peakBefore(executor: Executor, contractId: string, hourStart: Date, timezone: string) {
    const at = hourStart.toISOString();
    const hours = await queryRows<{ wh: string; starts_at: Date | string }>(
      executor,
      sql`select wh::text as wh, starts_at from (${dayPeaksSql({
        contracts: sql`(select c.id, c.metering_point_id, c.start_date, coalesce(c.end_date, 'infinity'::date) as end_date
                        from contract c where c.id = ${contractId})`,
        lower: sql`(date_trunc('month', ${at}::timestamptz at time zone ${timezone}::text) at time zone ${timezone}::text)`,
        upper: sql`${at}::timestamptz`,
        timezone,
      })}) p`,
    );
    return peakOf(hours.map((hour) => ({ wh: BigInt(hour.wh), startsAt: new Date(hour.starts_at) })));
  },

  /** The hour's consumption when its rollup holds every interval of the point's resolution, or null. */
  async completeHourWh(executor: Executor, point: WatchedPoint, hourStart: Date): Promise<bigint | null> {
    const [row] = await queryRows<{ wh: string; intervals: number }>(
      executor,
      sql`select wh::text as wh, measured_intervals + estimated_intervals as intervals from reading_hour
          where metering_point_id = ${point.meteringPointId} and direction = 'consumption' and starts_at = ${hourStart.toISOString()}::timestamptz`,
    );
    if (!row || Number(row.intervals) * point.resolutionMinutes < 60) return null;
    return BigInt(row.wh);
  },

  /**
   * The first live reading heard in the hour: `reading` when it is the first, or the one kept earlier. Kept in the
   * database so every copy projects the hour from the same start; rows older than two days are dropped.
   */
  async firstReadingOfHour(
    executor: Executor,
    meteringPointId: string,
    hourStart: Date,
    reading: RegisterReading,
  ): Promise<RegisterReading> {
    await executor
      .insert(liveHourRegister)
      .values({ meteringPointId, hourStart, ...reading })
      .onConflictDoNothing({ target: [liveHourRegister.meteringPointId, liveHourRegister.hourStart] });
    await executor.execute(
      sql`delete from live_hour_register where metering_point_id = ${meteringPointId} and hour_start < ${new Date(hourStart.getTime() - 2 * 86_400_000).toISOString()}::timestamptz`,
    );
    const [row] = await queryRows<{ measured_at: Date | string; energy_import_wh: string | number; active_power_import_w: number }>(
      executor,
      sql`select measured_at, energy_import_wh, active_power_import_w from live_hour_register
          where metering_point_id = ${meteringPointId} and hour_start = ${hourStart.toISOString()}::timestamptz`,
    );
    return {
      measuredAt: new Date(row!.measured_at),
      energyImportWh: Number(row!.energy_import_wh),
      activePowerImportW: Number(row!.active_power_import_w),
    };
  },
};
