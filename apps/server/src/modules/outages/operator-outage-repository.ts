import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OutageAreaKind, OutageCause, OutageNoticeKind, OutageStatus } from '@portal/schema/outages';
import { meteringPoint } from '../../db/schema/energy.ts';
import { outage, outageArea, outageNotice } from '../../db/schema/outages.ts';
import { queryRows, type Executor, type Transaction } from '../../platform/database.ts';
import { touches } from './outage-repository.ts';

export type OperatorOutageRow = {
  id: string;
  siteId: string;
  gridArea: string;
  status: OutageStatus;
  cause: OutageCause;
  description: string | null;
  startsAt: Date;
  estimatedEndAt: Date;
  windowRevision: number;
  postalCodes: string[];
  gsrns: string[];
  affectedContracts: number;
  waiting: number;
  sent: number;
  manual: number;
};

export type NewOperatorOutage = {
  id: string;
  siteId: string;
  gridArea: string;
  cause: OutageCause;
  description: string | null;
  startsAt: Date;
  estimatedEndAt: Date;
};

/** A notice a contact already had of a planned outage: a cancellation goes to the same contact. */
export type AnnouncedContact = {
  contractId: string;
  method: 'Email' | 'Phone' | 'Gsm' | 'Post';
  recipient: string;
  timing: 'Always' | 'NoNightHours' | 'SendAfterNightHours';
};

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The planned outages a network operator's staff publish (docs/decisions/126): always scoped by the staff's site. */
export const operatorOutageRepository = {
  /** The site's operator outages not ended more than a week ago, soonest first, each with its area and notices. */
  async list(executor: Executor, siteId: string, id?: string): Promise<OperatorOutageRow[]> {
    const rows = await queryRows<
      OperatorOutageRow & {
        postalCodes: string[] | string;
        gsrns: string[] | string;
        startsAt: Date | string;
        estimatedEndAt: Date | string;
      }
    >(
      executor,
      sql`select o.id, o.site_id as "siteId", o.grid_area as "gridArea", o.status, o.cause, o.description,
            o.starts_at as "startsAt", o.estimated_end_at as "estimatedEndAt", o.window_revision as "windowRevision",
            coalesce((select json_agg(a.value order by a.value) from outage_area a where a.outage_id = o.id and a.kind = 'postal-code'), '[]'::json) as "postalCodes",
            coalesce((select json_agg(a.value order by a.value) from outage_area a where a.outage_id = o.id and a.kind = 'metering-point'), '[]'::json) as "gsrns",
            (select count(distinct c.id)::int from supply_object so
               join metering_point mp on mp.object_id = so.id
               join contract c on c.metering_point_id = mp.id and c.status in ('active', 'ending')
               where so.site_id = o.site_id and ${touches}) as "affectedContracts",
            (select count(*)::int from outage_notice n where n.outage_id = o.id and n.status = 'waiting') as waiting,
            (select count(*)::int from outage_notice n where n.outage_id = o.id and n.status = 'sent') as sent,
            (select count(*)::int from outage_notice n where n.outage_id = o.id and n.status = 'manual') as manual
          from outage o
          where o.site_id = ${siteId} and o.source = 'operator'
            ${id === undefined ? sql`` : sql`and o.id = ${id}`}
            and (o.status in ('planned', 'current') or o.updated_at > now() - interval '7 days')
          order by o.starts_at, o.id`,
    );
    return rows.map((row) => ({
      ...row,
      startsAt: new Date(row.startsAt),
      estimatedEndAt: new Date(row.estimatedEndAt),
      postalCodes: json(row.postalCodes),
      gsrns: json(row.gsrns),
    }));
  },

  /** One operator outage of the site, locked for a change: two staff members' edits apply in turn. */
  async lock(tx: Transaction, siteId: string, id: string) {
    const [row] = await tx
      .select()
      .from(outage)
      .where(and(eq(outage.id, id), eq(outage.siteId, siteId), eq(outage.source, 'operator')))
      .for('update');
    return row ?? null;
  },

  /** Which of the GSRNs are not metering points of the site. */
  async unknownGsrns(executor: Executor, siteId: string, gsrns: readonly string[]): Promise<string[]> {
    if (gsrns.length === 0) return [];
    const found = await executor
      .select({ gsrn: meteringPoint.gsrn })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, siteId), inArray(meteringPoint.gsrn, [...gsrns])));
    const known = new Set(found.map((row) => row.gsrn));
    return gsrns.filter((value) => !known.has(value));
  },

  async exists(executor: Executor, id: string): Promise<boolean> {
    const rows = await executor.select({ id: outage.id }).from(outage).where(eq(outage.id, id));
    return rows.length > 0;
  },

  async insert(tx: Transaction, row: NewOperatorOutage, now: Date): Promise<void> {
    // The outage system's key is the portal's own id: the sync (051) never reports it, so never overwrites it.
    await tx.insert(outage).values({ ...row, externalId: `portal:${row.id}`, source: 'operator', status: 'planned', updatedAt: now });
  },

  async update(
    tx: Transaction,
    id: string,
    values: Partial<Pick<NewOperatorOutage, 'gridArea' | 'cause' | 'description' | 'startsAt' | 'estimatedEndAt'>> & {
      status?: OutageStatus;
      windowRevision?: number;
      endedAt?: Date | null;
    },
    now: Date,
  ): Promise<void> {
    await tx
      .update(outage)
      .set({ ...values, updatedAt: now })
      .where(eq(outage.id, id));
  },

  async replaceArea(tx: Transaction, id: string, area: { kind: OutageAreaKind; value: string }[]): Promise<void> {
    await tx.delete(outageArea).where(eq(outageArea.outageId, id));
    if (area.length > 0) await tx.insert(outageArea).values(area.map((item) => ({ outageId: id, ...item })));
  },

  /** Advance notices of the outage still waiting for their hour are overtaken by a move or a cancellation. */
  async supersedeWaiting(tx: Transaction, id: string): Promise<void> {
    await tx
      .update(outageNotice)
      .set({ status: 'superseded' })
      .where(
        and(
          eq(outageNotice.outageId, id),
          eq(outageNotice.status, 'waiting'),
          inArray(outageNotice.kind, ['planned', 'rescheduled'] satisfies OutageNoticeKind[]),
        ),
      );
  },

  /** The contacts that were told of the planned outage (sent, or listed for staff to call or post). */
  async announcedContacts(executor: Executor, id: string): Promise<AnnouncedContact[]> {
    return queryRows<AnnouncedContact>(
      executor,
      sql`select distinct n.contract_id as "contractId", n.method, n.recipient, n.timing
          from outage_notice n
          where n.outage_id = ${id} and n.kind in ('planned', 'rescheduled') and n.status in ('sent', 'manual')`,
    );
  },

  /** The site's operator outages whose start or estimated end has come: the clock moves them on. */
  async due(executor: Executor, now: Date) {
    return executor
      .select()
      .from(outage)
      .where(
        and(
          eq(outage.source, 'operator'),
          sql`((${outage.status} = 'planned' and ${outage.startsAt} <= ${now}) or (${outage.status} = 'current' and ${outage.estimatedEndAt} <= ${now}))`,
        ),
      )
      .orderBy(outage.startsAt);
  },
};
