import { sql, type SQL } from 'drizzle-orm';
import type { FloorAreaBand, Heating, HomeDetails, HomeKind } from '@portal/schema/homes-comparison';
import type { Utility } from '@portal/schema/enums';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor } from '../../platform/database.ts';

export type OwnPoint = { id: string; utility: Utility } & HomeDetails;

/** A group of homes: of one kind, and of one heating and size band where those are given. */
export type GroupDefinition = { homeKind: HomeKind; heating: Heating | null; floorAreaBand: FloorAreaBand | null };

/** The twelve months, as the first days of the first and the last (reading_month's keys on the site's calendar). */
export type MonthSpan = { first: string; last: string; count: number };

type Subject = { scope: CustomerScope; utility: Utility; span: MonthSpan };

/**
 * The other homes of the group (rule 1): metering points of the acting customer's site and the point's utility whose
 * place is of the kind (heating, size) asked, with a monthly rollup in every month of the span. The acting customer's
 * own points are never among them, and no other site's point ever is.
 */
function membersSql(
  { scope, utility, span }: Subject,
  group: { homeKind: HomeKind; heating?: Heating | null; floorAreaBand?: FloorAreaBand | null },
): SQL {
  return sql`select mp.id, so.heating, so.floor_area_band
    from metering_point mp
    join supply_object so on so.id = mp.object_id and so.site_id = mp.site_id
    where mp.site_id = ${scope.siteId} and mp.customer_id <> ${scope.customerId} and mp.utility = ${utility}
      and so.home_kind = ${group.homeKind}
      ${group.heating ? sql`and so.heating = ${group.heating}` : sql``}
      ${group.floorAreaBand ? sql`and so.floor_area_band = ${group.floorAreaBand}` : sql``}
      and (select count(*) from reading_month rm
           where rm.metering_point_id = mp.id and rm.direction = 'consumption'
             and rm.month >= ${span.first}::date and rm.month <= ${span.last}::date) = ${span.count}`;
}

export const homeGroupRepository = {
  /** One of the acting customer's metering points with what is known of its place, or undefined. */
  async ownPoint(executor: Executor, scope: CustomerScope, meteringPointId: string): Promise<OwnPoint | undefined> {
    const [row] = await queryRows<{
      id: string;
      utility: Utility;
      home_kind: HomeKind | null;
      heating: Heating | null;
      floor_area_band: FloorAreaBand | null;
    }>(
      executor,
      sql`select mp.id, mp.utility, so.home_kind, so.heating, so.floor_area_band
          from metering_point mp join supply_object so on so.id = mp.object_id and so.site_id = mp.site_id
          where mp.site_id = ${scope.siteId} and mp.customer_id = ${scope.customerId} and mp.id = ${meteringPointId}`,
    );
    return row && { id: row.id, utility: row.utility, homeKind: row.home_kind, heating: row.heating, floorAreaBand: row.floor_area_band };
  },

  /**
   * How many homes each group from the home's own description to its kind alone holds, in one statement: the kind's
   * homes with the heating, with the heating and the size band, and all of them.
   */
  async groupSizes(
    executor: Executor,
    subject: Subject,
    home: GroupDefinition,
  ): Promise<{ exact: number; sameHeating: number; sameKind: number }> {
    const [row] = await queryRows<{ exact: string; same_heating: string; same_kind: string }>(
      executor,
      sql`select count(*) filter (where heating = ${home.heating} and floor_area_band = ${home.floorAreaBand}) as exact,
                 count(*) filter (where heating = ${home.heating}) as same_heating,
                 count(*) as same_kind
          from (${membersSql(subject, { homeKind: home.homeKind })}) members`,
    );
    return { exact: Number(row?.exact ?? 0), sameHeating: Number(row?.same_heating ?? 0), sameKind: Number(row?.same_kind ?? 0) };
  },

  /**
   * The group's median and 25th percentile of each month, in whole Wh (half a Wh up), from the monthly rollups: computed
   * by the database over the members' rows, so no home's own figure leaves it.
   */
  async groupMonths(
    executor: Executor,
    subject: Subject,
    group: GroupDefinition,
  ): Promise<{ month: string; median_wh: string; efficient_wh: string }[]> {
    return queryRows(
      executor,
      sql`select to_char(rm.month, 'YYYY-MM') as month,
                 round(percentile_cont(0.5) within group (order by rm.wh)::numeric)::text as median_wh,
                 round(percentile_cont(0.25) within group (order by rm.wh)::numeric)::text as efficient_wh
          from reading_month rm
          join (${membersSql(subject, group)}) members on members.id = rm.metering_point_id
          where rm.direction = 'consumption' and rm.month >= ${subject.span.first}::date and rm.month <= ${subject.span.last}::date
          group by rm.month
          order by rm.month`,
    );
  },

  /** The point's own consumption of each month of the span it has a rollup of (the point is the customer's: ownPoint). */
  async ownMonths(executor: Executor, pointId: string, span: MonthSpan): Promise<{ month: string; wh: string }[]> {
    return queryRows(
      executor,
      sql`select to_char(month, 'YYYY-MM') as month, wh::text as wh from reading_month
          where metering_point_id = ${pointId} and direction = 'consumption'
            and month >= ${span.first}::date and month <= ${span.last}::date
          order by month`,
    );
  },

  /** Writes the home's details on the place of one of the acting customer's metering points; false when it is not theirs. */
  async saveHomeDetails(
    executor: Executor,
    scope: CustomerScope,
    meteringPointId: string,
    details: { homeKind: HomeKind; heating: Heating; floorAreaBand: FloorAreaBand | null },
  ): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      executor,
      sql`update supply_object so
          set home_kind = ${details.homeKind}, heating = ${details.heating}, floor_area_band = ${details.floorAreaBand},
              home_details_source = 'customer'
          from metering_point mp
          where mp.id = ${meteringPointId} and mp.site_id = ${scope.siteId} and mp.customer_id = ${scope.customerId}
            and so.id = mp.object_id and so.site_id = ${scope.siteId} and so.customer_id = ${scope.customerId}
          returning so.id`,
    );
    return rows.length > 0;
  },
};
