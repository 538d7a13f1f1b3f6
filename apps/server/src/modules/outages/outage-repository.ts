import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OutageAddress, OutageContact } from '@portal/schema/outage-contacts';
import { METER_EVENTS_LIMIT, type MeterEvent, type MeterEventKind, type Outage, type OutageStatus } from '@portal/schema/outages';
import type { OutageNoticeKind, OutageNoticeStatus } from '@portal/schema/outages';
import type { OutageContactMethod, OutageNotificationTiming } from '@portal/schema/enums';
import { contract, meteringPoint, supplyObject } from '../../db/schema/energy.ts';
import { siteFeature } from '../../db/schema/sites.ts';
import { meterEvent, outage, outageContact, outageNotice, outageStreet } from '../../db/schema/outages.ts';
import type { ReportedOutage } from '../../integrations/outages/port.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor, type Transaction } from '../../platform/database.ts';

/** Contracts in force: the places outages matter for and outage contacts are kept for. */
const IN_FORCE = ['active', 'ending'] as const;

/**
 * A place is on an outage's street when the postal codes are the same and its street address is the street's name
 * followed by a house number (docs/decisions/051-outages.md). `s` is outage_street, `so` supply_object.
 */
const onStreet = sql`so.postal_code = s.postal_code and starts_with(lower(so.street), lower(s.street) || ' ')`;

/**
 * The one rule of which places an outage `o` touches (`so` a supply_object of its site): one on a street the outage
 * system reported (051), or in a postal code or at a metering point the operator's staff named (decision 126). The
 * list, the meters and the notices all read it.
 */
export const touches = sql`(exists (select 1 from outage_street s where s.outage_id = o.id and ${onStreet})
  or exists (select 1 from outage_area a where a.outage_id = o.id and a.kind = 'postal-code' and a.value = so.postal_code)
  or exists (select 1 from outage_area a join metering_point amp on amp.site_id = o.site_id and amp.gsrn = a.value
             where a.outage_id = o.id and a.kind = 'metering-point' and amp.object_id = so.id))`;

const iso = (value: Date | string) => new Date(value).toISOString();

type OutageRow = {
  id: string;
  grid_area: string;
  status: OutageStatus;
  cause: Outage['cause'];
  starts_at: Date | string;
  estimated_end_at: Date | string;
  ended_at: Date | string | null;
  streets: Outage['streets'] | string;
  my_places: string[] | string;
  postal_codes: string[] | string;
  description: string | null;
};
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export type TouchedMeter = { meteringPointId: string; siteId: string };
export type NoticeTarget = {
  contractId: string;
  method: OutageContactMethod;
  recipient: string;
  timing: OutageNotificationTiming;
};
export type StoredNotice = {
  id: number;
  siteId: string;
  status: OutageNoticeStatus;
  kind: OutageNoticeKind;
  method: OutageContactMethod;
  recipient: string;
  outageId: string;
  gridArea: string;
  cause: Outage['cause'];
  startsAt: Date;
  estimatedEndAt: Date;
  place: string;
  outageStatus: OutageStatus;
  /** Whether this contact has the start's own notice (052), sent or waiting to be. */
  startTold: boolean;
};

export const outageRepository = {
  /** The sites that carry the OUTAGES feature: those whose outage system is read. */
  async sitesWithOutages(executor: Executor): Promise<string[]> {
    const rows = await executor
      .select({ siteId: siteFeature.siteId })
      .from(siteFeature)
      .where(eq(siteFeature.feature, 'OUTAGES'))
      .orderBy(asc(siteFeature.siteId));
    return rows.map((row) => row.siteId);
  },

  /**
   * Writes an outage as reported, keyed by the outage system's id, and its streets; answers its id and the status it
   * had before (null when new), so the caller sees it start and end. Locks the row: two syncs apply in turn.
   */
  async upsert(tx: Transaction, siteId: string, reported: ReportedOutage, now: Date): Promise<{ id: string; before: OutageStatus | null }> {
    const [existing] = await tx
      .select({ id: outage.id, status: outage.status })
      .from(outage)
      .where(and(eq(outage.siteId, siteId), eq(outage.externalId, reported.externalId)))
      .for('update');
    const values = {
      gridArea: reported.gridArea,
      status: reported.status,
      cause: reported.cause,
      startsAt: reported.startsAt,
      estimatedEndAt: reported.estimatedEndAt,
      endedAt: reported.endedAt,
      updatedAt: now,
    };
    let id: string;
    if (existing) {
      id = existing.id;
      await tx.update(outage).set(values).where(eq(outage.id, id));
      await tx.delete(outageStreet).where(eq(outageStreet.outageId, id));
    } else {
      const [created] = await tx
        .insert(outage)
        .values({ siteId, externalId: reported.externalId, ...values })
        .returning({ id: outage.id });
      id = created!.id;
    }
    if (reported.streets.length > 0) await tx.insert(outageStreet).values(reported.streets.map((street) => ({ outageId: id, ...street })));
    return { id, before: existing?.status ?? null };
  },

  /**
   * The site's outages a customer is shown: planned and current ones, and those ended or cancelled within the last
   * day; each with the customer's own places on its streets. The caller orders them.
   */
  async listFor(executor: Executor, scope: CustomerScope, now: Date): Promise<Outage[]> {
    const rows = await queryRows<OutageRow>(
      executor,
      sql`select o.id, o.grid_area, o.status, o.cause, o.starts_at, o.estimated_end_at, o.ended_at,
            coalesce((select json_agg(json_build_object('street', s.street, 'postalCode', s.postal_code, 'city', s.city)
                        order by s.city, s.street)
                      from outage_street s where s.outage_id = o.id), '[]'::json) as streets,
            coalesce((select json_agg(a.value order by a.value) from outage_area a
                      where a.outage_id = o.id and a.kind = 'postal-code'), '[]'::json) as postal_codes,
            o.description,
            coalesce((select json_agg(distinct so.street)
                      from supply_object so
                      where so.site_id = o.site_id and so.customer_id = ${scope.customerId} and ${touches}), '[]'::json) as my_places
          from outage o
          where o.site_id = ${scope.siteId}
            and (o.status in ('planned', 'current') or coalesce(o.ended_at, o.updated_at) > ${now}::timestamptz - interval '1 day')`,
    );
    return rows.map((row) => ({
      id: row.id,
      gridArea: row.grid_area,
      status: row.status,
      cause: row.cause,
      startsAt: iso(row.starts_at),
      estimatedEndAt: iso(row.estimated_end_at),
      endedAt: row.ended_at === null ? null : iso(row.ended_at),
      streets: json(row.streets),
      postalCodes: json(row.postal_codes),
      description: row.description || null,
      myPlaces: json(row.my_places),
    }));
  },

  /** The electricity meters on an outage's streets: they go dark when it starts and come back when it ends. */
  async metersOn(executor: Executor, outageId: string): Promise<TouchedMeter[]> {
    return queryRows<TouchedMeter>(
      executor,
      sql`select distinct mp.id as "meteringPointId", mp.site_id as "siteId"
          from outage o
          join supply_object so on so.site_id = o.site_id and ${touches}
          join metering_point mp on mp.object_id = so.id and mp.utility = 'electricity'
          where o.id = ${outageId}`,
    );
  },

  /** Records meter events once each (a repeated report of the same instant is no new event). */
  async recordMeterEvents(
    executor: Executor,
    events: { siteId: string; meteringPointId: string; kind: MeterEventKind; occurredAt: Date; voltage?: string; outageId?: string }[],
  ): Promise<void> {
    if (events.length === 0) return;
    await executor.insert(meterEvent).values(events).onConflictDoNothing();
  },

  /** The newest events of one of the acting customer's metering points, or null when it is not theirs. */
  async meterEventsOf(executor: Executor, scope: CustomerScope, gsrn: string): Promise<MeterEvent[] | null> {
    const [point] = await executor
      .select({ id: meteringPoint.id })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId), eq(meteringPoint.gsrn, gsrn)));
    if (!point) return null;
    const rows = await executor
      .select({
        id: meterEvent.id,
        kind: meterEvent.kind,
        occurredAt: meterEvent.occurredAt,
        voltage: meterEvent.voltage,
        outageId: meterEvent.outageId,
      })
      .from(meterEvent)
      .where(and(eq(meterEvent.siteId, scope.siteId), eq(meterEvent.meteringPointId, point.id)))
      .orderBy(desc(meterEvent.occurredAt), desc(meterEvent.id))
      .limit(METER_EVENTS_LIMIT);
    return rows.map((row) => ({
      ...row,
      occurredAt: row.occurredAt.toISOString(),
      voltage: row.voltage === null ? null : Number(row.voltage),
    }));
  },

  /** The places of the acting customer's contracts in force (GET /api/me/outage-addresses). */
  async addresses(executor: Executor, scope: CustomerScope): Promise<OutageAddress[]> {
    return executor
      .select({
        contractId: contract.id,
        contractNumber: contract.contractNumber,
        objectId: supplyObject.id,
        utility: meteringPoint.utility,
        street: supplyObject.street,
        postalCode: supplyObject.postalCode,
        city: supplyObject.city,
        countryCode: supplyObject.countryCode,
      })
      .from(contract)
      .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
      .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId), inArray(contract.status, IN_FORCE)))
      .orderBy(asc(supplyObject.street), asc(contract.contractNumber));
  },

  /** Whether the contract is one of the acting customer's in force; locks it when in a transaction that asks. */
  async hasContract(executor: Executor, scope: CustomerScope, contractId: string, { lock = false } = {}): Promise<boolean> {
    const query = executor
      .select({ id: contract.id })
      .from(contract)
      .where(
        and(
          eq(contract.id, contractId),
          eq(contract.siteId, scope.siteId),
          eq(contract.customerId, scope.customerId),
          inArray(contract.status, IN_FORCE),
        ),
      );
    const rows = lock ? await query.for('update') : await query;
    return rows.length > 0;
  },

  async contacts(executor: Executor, scope: CustomerScope, contractId: string): Promise<OutageContact[]> {
    return executor
      .select({ method: outageContact.method, value: outageContact.value, timing: outageContact.timing })
      .from(outageContact)
      .where(
        and(
          eq(outageContact.contractId, contractId),
          eq(outageContact.siteId, scope.siteId),
          eq(outageContact.customerId, scope.customerId),
        ),
      )
      .orderBy(asc(outageContact.position));
  },

  async replaceContacts(tx: Transaction, scope: CustomerScope, contractId: string, contacts: OutageContact[]): Promise<void> {
    await tx
      .delete(outageContact)
      .where(
        and(
          eq(outageContact.contractId, contractId),
          eq(outageContact.siteId, scope.siteId),
          eq(outageContact.customerId, scope.customerId),
        ),
      );
    if (contacts.length > 0) {
      await tx.insert(outageContact).values(contacts.map((item, position) => ({ ...scope, contractId, position, ...item })));
    }
  },

  /** The outage contacts of contracts in force at places on an outage's streets; Post goes to the place itself. */
  async noticeTargets(executor: Executor, outageId: string): Promise<NoticeTarget[]> {
    return queryRows<NoticeTarget>(
      executor,
      sql`select distinct c.id as "contractId", oc.method, oc.timing,
            coalesce(oc.value, so.street || ', ' || so.postal_code || ' ' || so.city) as recipient
          from outage o
          join supply_object so on so.site_id = o.site_id and ${touches}
          join metering_point mp on mp.object_id = so.id
          join contract c on c.metering_point_id = mp.id and c.status in ('active', 'ending')
          join outage_contact oc on oc.contract_id = c.id and oc.site_id = o.site_id
          where o.id = ${outageId}`,
    );
  },

  /** Writes notices once each; answers the ids of those now waiting to be sent, with their hour. */
  async addNotices(
    tx: Transaction,
    notices: (NoticeTarget & {
      siteId: string;
      outageId: string;
      status: OutageNoticeStatus;
      sendAt: Date;
      kind?: OutageNoticeKind;
      revision?: number;
    })[],
  ): Promise<{ id: number; status: OutageNoticeStatus; sendAt: Date }[]> {
    if (notices.length === 0) return [];
    return tx
      .insert(outageNotice)
      .values(notices)
      .onConflictDoNothing()
      .returning({ id: outageNotice.id, status: outageNotice.status, sendAt: outageNotice.sendAt });
  },

  /** One notice with what its message says: the outage and the place on its street. */
  async notice(executor: Executor, id: number): Promise<StoredNotice | null> {
    const [row] = await queryRows<StoredNotice>(
      executor,
      sql`select n.id, n.site_id as "siteId", n.status, n.kind, n.method, n.recipient, o.id as "outageId", o.grid_area as "gridArea",
            o.cause, o.starts_at as "startsAt", o.estimated_end_at as "estimatedEndAt",
            so.street || ', ' || so.city as place, o.status as "outageStatus",
            exists (select 1 from outage_notice s
              where s.outage_id = n.outage_id and s.contract_id = n.contract_id and s.method = n.method
                and s.recipient = n.recipient and s.kind = 'started' and s.status in ('waiting', 'sent')) as "startTold"
          from outage_notice n
          join outage o on o.id = n.outage_id
          join contract c on c.id = n.contract_id
          join metering_point mp on mp.id = c.metering_point_id
          join supply_object so on so.id = mp.object_id
          where n.id = ${id}`,
    );
    return row ? { ...row, startsAt: new Date(row.startsAt), estimatedEndAt: new Date(row.estimatedEndAt) } : null;
  },

  async markNotice(tx: Transaction, id: number, status: OutageNoticeStatus, sentAt: Date | null): Promise<void> {
    await tx.update(outageNotice).set({ status, sentAt }).where(eq(outageNotice.id, id));
  },
};
