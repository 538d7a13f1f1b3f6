import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { ENERGY_DIRECTIONS, METER_RESOLUTION_MINUTES } from '@portal/schema/energy';
import type { Utility } from '@portal/schema/enums';
import { meteringPoint, reading, supplyObject } from '../../db/schema/energy.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

type Direction = (typeof ENERGY_DIRECTIONS)[number];

/** The metering point a download describes: what the ESPI UsagePoint and the hub's rows name. */
export type DownloadPoint = {
  id: string;
  /** GSRN (electricity, 18 digits) or EIC (gas, district heat). */
  gsrn: string;
  utility: Utility;
  connected: boolean;
  street: string;
  postalCode: string;
  city: string;
};

/** One stored series: a direction at the resolution the meter reported it in. */
export type StoredSeries = { direction: Direction; minutes: number };

/** One stored interval: its start (UTC), energy in exact watt-hours, and whether the grid operator measured it. */
export type StoredReading = { startsAt: Date; wh: number; measured: boolean };

const ALL_SERIES: StoredSeries[] = ENERGY_DIRECTIONS.flatMap((direction) =>
  Object.values(METER_RESOLUTION_MINUTES).map((minutes) => ({ direction, minutes })),
);

/** What a readings download reads (docs/decisions/109). The executor comes first (decision 020). */
export const readingDownloadRepository = {
  /** Rule 1: a metering point only of the scope's customer on the scope's site; null for any other id. */
  async meteringPoint(executor: Executor, scope: CustomerScope, id: string): Promise<DownloadPoint | null> {
    const [row] = await executor
      .select({
        id: meteringPoint.id,
        gsrn: meteringPoint.gsrn,
        utility: meteringPoint.utility,
        connectionStatus: supplyObject.connectionStatus,
        street: supplyObject.street,
        postalCode: supplyObject.postalCode,
        city: supplyObject.city,
      })
      .from(meteringPoint)
      .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId), eq(meteringPoint.id, id)));
    if (!row) return null;
    const { connectionStatus, ...point } = row;
    return { ...point, connected: connectionStatus === 'connected' };
  },

  /**
   * The series with at least one reading in [from, to), consumption first, coarsest first. Six index probes of the
   * primary key, not a scan: a ten-year period costs what a day does.
   */
  async series(executor: Executor, meteringPointId: string, from: Date, to: Date): Promise<StoredSeries[]> {
    const candidates = sql.join(
      ALL_SERIES.map(({ direction, minutes }, order) => sql`(${order}::int, ${direction}::text, ${minutes}::int)`),
      sql`, `,
    );
    const rows = await queryRows<{ direction: Direction; minutes: number }>(
      executor,
      sql`select candidate.direction, candidate.minutes
          from (values ${candidates}) as candidate(position, direction, minutes)
          where exists (
            select 1 from ${reading}
            where ${reading.meteringPointId} = ${meteringPointId}
              and ${reading.direction} = candidate.direction
              and ${reading.resolutionMinutes} = candidate.minutes
              and ${reading.startsAt} >= ${from.toISOString()}::timestamptz
              and ${reading.startsAt} < ${to.toISOString()}::timestamptz)
          order by candidate.position`,
    );
    return rows.map((row) => ({ direction: row.direction, minutes: Number(row.minutes) }));
  },

  /** A series' readings in [from, to), oldest first, read `batch` at a time by the primary key (never all at once). */
  async *readings(
    executor: Executor,
    meteringPointId: string,
    { direction, minutes }: StoredSeries,
    from: Date,
    to: Date,
    batch = 2000,
  ): AsyncGenerator<StoredReading> {
    let after: Date | null = null;
    for (;;) {
      const rows: StoredReading[] = await executor
        .select({ startsAt: reading.startsAt, wh: reading.wh, measured: reading.measured })
        .from(reading)
        .where(
          and(
            eq(reading.meteringPointId, meteringPointId),
            eq(reading.direction, direction),
            eq(reading.resolutionMinutes, minutes),
            after === null ? gte(reading.startsAt, from) : gt(reading.startsAt, after),
            lt(reading.startsAt, to),
          ),
        )
        .orderBy(asc(reading.startsAt))
        .limit(batch);
      yield* rows;
      if (rows.length < batch) return;
      after = rows.at(-1)!.startsAt;
    }
  },
};
