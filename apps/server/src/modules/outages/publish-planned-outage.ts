import { randomUUID } from 'node:crypto';
import { instantOfWallClock, wallClockOf } from '@portal/schema/calendar-dates';
import type { OutageContactMethod, OutageNotificationTiming } from '@portal/schema/enums';
import type { StaffRole } from '@portal/schema/identity';
import type { OperatorOutage, PlannedOutageRequest } from '@portal/schema/operator-outages';
import type { OutageAreaKind, OutageNoticeKind } from '@portal/schema/outages';
import type { SiteBootstrap } from '@portal/schema/site';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Executor, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { isNight, morningAfter } from './notice-timing.ts';
import { outageNoticeJob } from './outage-jobs.ts';
import { outageRepository as outages } from './outage-repository.ts';
import { operatorOutageRepository as operator, type NewOperatorOutage, type OperatorOutageRow } from './operator-outage-repository.ts';

/** Who publishes: a staff member of the site (customer service or the site's administrator), and the call for the audit. */
export type Publisher = {
  site: SiteBootstrap;
  personId: string;
  staffRoles: readonly StaffRole[];
  call: { action: string; requestId: string; ipAddress: string | null };
};

const notFound = () => new AppError('OUTAGE_NOT_FOUND', 'This site has no planned outage by that id');

/**
 * When an advance notice goes out (decision 126): by day at once, at night at the next 07:00 on the site's clock —
 * for NoNightHours too, unlike a start's notice (052), since news of a planned outage keeps until morning; Always at
 * once. Calls and letters are listed for the staff, as 052's are.
 */
export function planAdvanceNotice(method: OutageContactMethod, timing: OutageNotificationTiming, now: Date, timezone: string) {
  const sendAt = timing === 'Always' || !isNight(now, timezone) ? now : morningAfter(now, timezone);
  const manual = method === 'Phone' || method === 'Post';
  return { status: manual ? ('manual' as const) : ('waiting' as const), sendAt };
}

/** What the staff see: the window on the site's clock, and whether it can still change. */
function viewOf(row: OperatorOutageRow, timezone: string, now: Date): OperatorOutage {
  return {
    id: row.id,
    gridArea: row.gridArea,
    status: row.status,
    cause: row.cause,
    description: row.description ?? '',
    startsAt: wallClockOf(row.startsAt, timezone),
    estimatedEndAt: wallClockOf(row.estimatedEndAt, timezone),
    postalCodes: row.postalCodes,
    gsrns: row.gsrns,
    affectedContracts: row.affectedContracts,
    notices: { waiting: row.waiting, sent: row.sent, manual: row.manual },
    editable: row.status === 'planned' && row.startsAt > now,
  };
}

/** GET /api/staff/outages: the site's planned outages its staff published, and those under way or lately over. */
export async function listOperatorOutages(db: Database, site: SiteBootstrap, now = new Date()): Promise<OperatorOutage[]> {
  return (await operator.list(db, site.id)).map((row) => viewOf(row, site.timezone, now));
}

async function viewOne(executor: Executor, site: SiteBootstrap, id: string, now: Date): Promise<OperatorOutage> {
  const [row] = await operator.list(executor, site.id, id);
  if (!row) throw notFound();
  return viewOf(row, site.timezone, now);
}

/** The request's window as instants; a planned outage starts in the future (422), its area's GSRNs are the site's (422). */
async function checked(executor: Executor, site: SiteBootstrap, body: PlannedOutageRequest, now: Date) {
  const startsAt = instantOfWallClock(body.startsAt, site.timezone);
  const estimatedEndAt = instantOfWallClock(body.estimatedEndAt, site.timezone);
  if (startsAt <= now) throw new AppError('OUTAGE_START_IN_PAST', 'A planned outage starts in the future');
  const postalCodes = [...new Set(body.postalCodes)];
  const gsrns = [...new Set(body.gsrns)];
  const unknown = await operator.unknownGsrns(executor, site.id, gsrns);
  if (unknown.length > 0) throw new AppError('OUTAGE_AREA_UNKNOWN', `Not metering points of this site: ${unknown.join(', ')}`);
  return {
    startsAt,
    estimatedEndAt,
    area: [
      ...postalCodes.map((value) => ({ kind: 'postal-code' as const, value })),
      ...gsrns.map((value) => ({ kind: 'metering-point' as const, value })),
    ],
  };
}

/**
 * Writes the advance notice of `kind` and `revision` to every outage contact of a contract in force in the area, once
 * each (a unique index: publishing or saving again writes nothing new), each with its job at its hour. On sites
 * without SETTINGS_OUTAGE_CONTACTS nobody has outage contacts to tell. Answers how many were written.
 */
async function announce(tx: Transaction, site: SiteBootstrap, outageId: string, kind: OutageNoticeKind, revision: number, now: Date) {
  if (!site.features.includes('SETTINGS_OUTAGE_CONTACTS')) return 0;
  const targets = kind === 'cancelled' ? await operator.announcedContacts(tx, outageId) : await outages.noticeTargets(tx, outageId);
  const written = await outages.addNotices(
    tx,
    targets.map((target) => ({
      ...target,
      ...planAdvanceNotice(target.method, target.timing, now, site.timezone),
      siteId: site.id,
      outageId,
      kind,
      revision,
    })),
  );
  for (const notice of written) {
    if (notice.status !== 'waiting') continue;
    await enqueue(tx, outageNoticeJob, { noticeId: notice.id }, { runAt: notice.sendAt, dedupeKey: `outage-notice:${notice.id}` });
  }
  return written.length;
}

async function audit(tx: Transaction, publisher: Publisher, details: string) {
  await actorRepository.audit(tx, {
    siteId: publisher.site.id,
    personId: publisher.personId,
    customerId: null,
    action: publisher.call.action,
    outcome: 'ok',
    requestId: publisher.call.requestId,
    ipAddress: publisher.call.ipAddress,
    details,
    actorRole: publisher.staffRoles.includes('customer-service') ? 'customer-service' : 'site-admin',
  });
}

const describe = (body: PlannedOutageRequest) =>
  `${body.startsAt}–${body.estimatedEndAt}, ${body.cause}, postal codes [${body.postalCodes.join(' ')}], metering points [${body.gsrns.join(' ')}]`;

/**
 * Writes a new planned outage with its area and announces it (the staff's call, and the demo seed). With `onlyIfNew`
 * an outage by that id already there is left as it is and nothing is announced. Answers how many notices were written.
 */
export async function storePlannedOutage(
  tx: Transaction,
  site: SiteBootstrap,
  planned: Omit<NewOperatorOutage, 'siteId'> & { area: { kind: OutageAreaKind; value: string }[] },
  now: Date,
  { onlyIfNew = false } = {},
): Promise<number> {
  const { area, ...row } = planned;
  if (onlyIfNew && (await operator.exists(tx, row.id))) return 0;
  await operator.insert(tx, { ...row, siteId: site.id }, now);
  await operator.replaceArea(tx, row.id, area);
  return announce(tx, site, row.id, 'planned', 0, now);
}

/**
 * POST /api/staff/outages (decision 126): stores a planned outage beside the outage system's, with its area, and
 * announces it to the outage contacts of the contracts in force there — one transaction, with the audit line.
 */
export async function publishPlannedOutage(db: Database, publisher: Publisher, body: PlannedOutageRequest, now = new Date()) {
  const { site } = publisher;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const { startsAt, estimatedEndAt, area } = await checked(tx, site, body, now);
    const fields = { gridArea: body.gridArea, cause: body.cause, description: body.description || null, startsAt, estimatedEndAt };
    const notices = await storePlannedOutage(tx, site, { id, ...fields, area }, now);
    await audit(tx, publisher, `planned outage ${id} published: ${describe(body)}; ${notices} notices`);
  });
  return viewOne(db, site, id, now);
}

/** Only a planned outage that has not begun can change or be cancelled. */
function editableOrRefuse(row: { status: string; startsAt: Date }, now: Date) {
  if (row.status !== 'planned' || row.startsAt <= now) {
    throw new AppError('OUTAGE_NOT_EDITABLE', `An outage that is ${row.status === 'planned' ? 'under way' : row.status} cannot be changed`);
  }
}

/**
 * PUT /api/staff/outages/{id}: changes a planned outage before it begins. A moved window is announced again (an
 * updated notice, and the old window's notices still waiting are overtaken); otherwise only contacts new to the area
 * are told, and nobody twice.
 */
export async function changePlannedOutage(db: Database, publisher: Publisher, id: string, body: PlannedOutageRequest, now = new Date()) {
  const { site } = publisher;
  await db.transaction(async (tx) => {
    const row = await operator.lock(tx, site.id, id);
    if (!row) throw notFound();
    editableOrRefuse(row, now);
    const { startsAt, estimatedEndAt, area } = await checked(tx, site, body, now);
    const moved = startsAt.getTime() !== row.startsAt.getTime() || estimatedEndAt.getTime() !== row.estimatedEndAt.getTime();
    const revision = moved ? row.windowRevision + 1 : row.windowRevision;
    await operator.update(
      tx,
      id,
      {
        gridArea: body.gridArea,
        cause: body.cause,
        description: body.description || null,
        startsAt,
        estimatedEndAt,
        windowRevision: revision,
      },
      now,
    );
    await operator.replaceArea(tx, id, area);
    if (moved) await operator.supersedeWaiting(tx, id);
    const notices = await announce(tx, site, id, revision === 0 ? 'planned' : 'rescheduled', revision, now);
    await audit(tx, publisher, `planned outage ${id} changed${moved ? ' (window moved)' : ''}: ${describe(body)}; ${notices} notices`);
  });
  return viewOne(db, site, id, now);
}

/**
 * POST /api/staff/outages/{id}/cancel: cancels a planned outage before it begins. Contacts already told get a notice
 * that it is cancelled; notices still waiting for their hour are overtaken and never sent.
 */
export async function cancelPlannedOutage(db: Database, publisher: Publisher, id: string, now = new Date()) {
  const { site } = publisher;
  await db.transaction(async (tx) => {
    const row = await operator.lock(tx, site.id, id);
    if (!row) throw notFound();
    editableOrRefuse(row, now);
    await operator.update(tx, id, { status: 'cancelled' }, now);
    await operator.supersedeWaiting(tx, id);
    const notices = await announce(tx, site, id, 'cancelled', row.windowRevision, now);
    await audit(tx, publisher, `planned outage ${id} cancelled; ${notices} notices`);
  });
  return viewOne(db, site, id, now);
}
