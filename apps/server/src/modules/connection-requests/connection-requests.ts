import { todayIn } from '@portal/schema/calendar-dates';
import {
  FINAL_STATUSES,
  UNDECIDED_STATUSES,
  installationDateWindow,
  inverterWatts,
  kilowattsOf,
  nextConnectionStatus,
  wantedDateWindow,
  type ConnectionPlace,
  type ConnectionRequestDetail,
  type ConnectionRequestStatus,
  type StaffConnectionRequest,
} from '@portal/schema/connection-requests';
import type { z } from 'zod';
import type { connectionRequestCreate, connectionRequestTransition } from '@portal/schema/connection-requests';
import type { SiteBootstrap } from '@portal/schema/site';
import type { StaffRole } from '@portal/schema/identity';
import type { CustomerScope } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Executor, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedFile } from '../support/attachment-upload.ts';
import { notifyConnectionChange } from './connection-notifications.ts';
import {
  connectionRequestRepository as requests,
  type ConnectionAttachmentRow,
  type ConnectionEventRow,
  type ConnectionRequestWithPlace,
} from './connection-request-repository.ts';

type CreateBody = z.output<typeof connectionRequestCreate>;
type TransitionBody = z.output<typeof connectionRequestTransition>;

/** The customer's side: who sends, for which customer, on which site, and the call (for the audit line). */
export type Requester = {
  scope: CustomerScope;
  site: SiteBootstrap;
  personId: string;
  localeId: string;
  call: Call;
};

/** Customer service of this site. */
export type Handler = {
  site: SiteBootstrap;
  personId: string;
  staffRoles: readonly StaffRole[];
  origin: string;
  call: Call;
};

type Call = { action: string; requestId: string; ipAddress: string | null };

const notFound = () => new AppError('CONNECTION_REQUEST_NOT_FOUND', 'No connection request by that id');

/** GET /api/connection-requests/places: the acting customer's electricity metering points, the form's choices. */
export async function connectionPlaces(db: Database, scope: CustomerScope): Promise<ConnectionPlace[]> {
  const rows = await requests.places(db, scope);
  return rows
    .filter((row) => row.utility === 'electricity')
    .map((row) => ({
      meteringPointId: row.meteringPointId,
      gsrn: row.gsrn,
      address: { street: row.street, postalCode: row.postalCode, city: row.city },
    }));
}

/**
 * The dates a request names, on the site's calendar: an installation from five years back to a year ahead, a wanted
 * day from today to two years ahead. Well-formed but out of the window: 422, the customer is told the window.
 */
function checkDates(body: CreateBody, today: string) {
  const outside = (day: string, window: { earliest: string; latest: string }, what: string) => {
    if (day < window.earliest || day > window.latest) {
      throw new AppError('CONNECTION_DATE_OUT_OF_RANGE', `${what} must be between ${window.earliest} and ${window.latest}`);
    }
  };
  if (body.kind === 'MICROGENERATION') outside(body.installationDate, installationDateWindow(today), 'installationDate');
  else if (body.wantedBy) outside(body.wantedBy, wantedDateWindow(today), 'wantedBy');
}

/**
 * POST /api/connection-requests (decision 124): the request, its first event and its files in one transaction, and an
 * audit line naming who sent it. A fuse change or installation names one of the acting customer's own electricity
 * metering points on this site; any other id is 404, as if it did not exist.
 */
export async function createConnectionRequest(
  db: Database,
  requester: Requester,
  body: CreateBody,
  files: readonly CheckedFile[],
  now: Date = new Date(),
): Promise<ConnectionRequestDetail> {
  checkDates(body, todayIn(requester.site.timezone, now));
  const id = await db.transaction(async (tx) => {
    let meteringPointId: string | null = null;
    if (body.kind !== 'NEW_CONNECTION') {
      const point = await requests.place(tx, requester.scope, body.meteringPointId);
      if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'You have no metering point by that id');
      if (point.utility !== 'electricity') {
        throw new AppError('CONNECTION_POINT_NOT_ELECTRICITY', 'A main fuse or a generator is connected at an electricity metering point');
      }
      meteringPointId = point.id;
    }
    const request = await requests.insert(tx, {
      siteId: requester.scope.siteId,
      customerId: requester.scope.customerId,
      personId: requester.personId,
      kind: body.kind,
      status: 'received',
      meteringPointId,
      ...(body.kind === 'NEW_CONNECTION' ? body.address : {}),
      fuseAmperes: body.kind === 'MICROGENERATION' ? null : body.fuseAmperes,
      inverterPowerW: body.kind === 'MICROGENERATION' ? inverterWatts(body.inverterPowerKw) : null,
      installer: body.kind === 'MICROGENERATION' ? body.installer : null,
      installationDate: body.kind === 'MICROGENERATION' ? body.installationDate : null,
      wantedBy: body.kind === 'MICROGENERATION' ? null : (body.wantedBy ?? null),
      message: body.message || null,
      localeId: requester.localeId,
      createdAt: now,
      updatedAt: now,
    });
    const event = await requests.addEvent(tx, {
      requestId: request.id,
      siteId: request.siteId,
      author: 'customer',
      personId: requester.personId,
      fromStatus: null,
      toStatus: 'received',
      message: null,
      createdAt: now,
    });
    await requests.addAttachments(tx, { siteId: request.siteId, requestId: request.id, eventId: event.id }, files, now);
    await audit(tx, requester.site.id, requester.personId, requester.scope.customerId, requester.call, `${body.kind} ${request.id}`);
    return request.id;
  });
  return (await myConnectionRequest(db, requester.scope, id))!;
}

/** The customer's requests, newest first, each with its history. */
export async function myConnectionRequests(db: Database, scope: CustomerScope): Promise<ConnectionRequestDetail[]> {
  return details(db, await requests.customerRequests(db, scope));
}

export async function myConnectionRequest(db: Database, scope: CustomerScope, id: string): Promise<ConnectionRequestDetail | null> {
  const row = await requests.customerRequest(db, scope, id);
  if (!row) return null;
  return (await details(db, [row]))[0]!;
}

/**
 * The customer's move on their own request, under its row lock: withdrawing it, or adding information (a message and
 * files), which puts a request that waited for the customer back on customer service's desk. A decided request is
 * 422 CONNECTION_REQUEST_DECIDED.
 */
async function customerMove(
  db: Database,
  requester: Requester,
  id: string,
  action: 'withdraw' | 'add_information',
  message: string | null,
  files: readonly CheckedFile[],
  now: Date,
): Promise<ConnectionRequestDetail> {
  await db.transaction(async (tx) => {
    const request = await requests.lockCustomerRequest(tx, requester.scope, id);
    if (!request) throw notFound();
    const next = nextConnectionStatus(request.status, action);
    if (!next) throw new AppError('CONNECTION_REQUEST_DECIDED', `This request is ${request.status}: it can no longer be changed`);
    const event = await requests.addEvent(tx, {
      requestId: request.id,
      siteId: request.siteId,
      author: 'customer',
      personId: requester.personId,
      fromStatus: request.status,
      toStatus: next,
      message,
      createdAt: now,
    });
    await requests.addAttachments(tx, { siteId: request.siteId, requestId: request.id, eventId: event.id }, files, now);
    if (next === request.status) await requests.touch(tx, request.id, now);
    else await requests.setStatus(tx, request.id, next, now);
    await audit(tx, requester.site.id, requester.personId, requester.scope.customerId, requester.call, `${request.status} → ${next}`);
  });
  return (await myConnectionRequest(db, requester.scope, id))!;
}

/** POST /api/connection-requests/{id}/messages. */
export const addConnectionInformation = (
  db: Database,
  requester: Requester,
  id: string,
  message: string,
  files: readonly CheckedFile[],
  now: Date = new Date(),
) => customerMove(db, requester, id, 'add_information', message, files, now);

/** POST /api/connection-requests/{id}/withdraw. */
export const withdrawConnectionRequest = (db: Database, requester: Requester, id: string, now: Date = new Date()) =>
  customerMove(db, requester, id, 'withdraw', null, [], now);

/** GET /api/staff/connection-requests: the site's open (undecided or approved) or closed requests, oldest first. */
export async function connectionQueue(db: Database, siteId: string, which: 'open' | 'closed'): Promise<StaffConnectionRequest[]> {
  const statuses: readonly ConnectionRequestStatus[] = which === 'open' ? [...UNDECIDED_STATUSES, 'approved'] : FINAL_STATUSES;
  const rows = await requests.siteRequests(db, siteId, statuses);
  const views = await details(db, rows);
  return views.map((view, index) => ({ ...view, clientCode: rows[index]!.clientCode, customerName: rows[index]!.customerName }));
}

/** GET /api/staff/connection-requests/{id}: one request of the site, audited as a read of the customer's data. */
export async function staffConnectionRequest(db: Database, handler: Handler, id: string): Promise<StaffConnectionRequest> {
  const [row] = await requests.siteRequests(db, handler.site.id, [...UNDECIDED_STATUSES, 'approved', ...FINAL_STATUSES], id);
  if (!row) throw notFound();
  await staffAudit(db, handler, row.request.customerId);
  const [view] = await details(db, [row]);
  return { ...view!, clientCode: row.clientCode, customerName: row.customerName };
}

/**
 * POST /api/staff/connection-requests/{id}/transitions (decision 124): customer service moves the request by the
 * transition table, under its row lock, with an event carrying their message and files, an audit line, and the
 * customer's notification, all in one transaction. A move the status does not allow is 422.
 */
export async function moveConnectionRequest(
  db: Database,
  handler: Handler,
  id: string,
  body: TransitionBody,
  files: readonly CheckedFile[],
  now: Date = new Date(),
): Promise<StaffConnectionRequest> {
  await db.transaction(async (tx) => {
    const request = await requests.lockSiteRequest(tx, handler.site.id, id);
    if (!request) throw notFound();
    const next = nextConnectionStatus(request.status, body.action);
    if (!next) {
      throw new AppError('CONNECTION_TRANSITION_NOT_ALLOWED', `A request that is ${request.status} cannot be moved by ${body.action}`);
    }
    const event = await requests.addEvent(tx, {
      requestId: request.id,
      siteId: request.siteId,
      author: 'staff',
      personId: handler.personId,
      fromStatus: request.status,
      toStatus: next,
      message: body.message || null,
      createdAt: now,
    });
    await requests.addAttachments(tx, { siteId: request.siteId, requestId: request.id, eventId: event.id }, files, now);
    await requests.setStatus(tx, request.id, next, now);
    await staffAudit(tx, handler, request.customerId, `${request.status} → ${next}`);
    await notifyConnectionChange(tx, handler.site, request, event, handler.origin);
  });
  const [row] = await requests.siteRequests(db, handler.site.id, [...UNDECIDED_STATUSES, 'approved', ...FINAL_STATUSES], id);
  const [view] = await details(db, [row!]);
  return { ...view!, clientCode: row!.clientCode, customerName: row!.customerName };
}

/** Handling a request reads and changes the customer's data: the customer sees it in "who looked at my data". */
export async function staffAudit(executor: Executor, handler: Handler, customerId: string, details?: string) {
  await actorRepository.audit(executor, {
    siteId: handler.site.id,
    personId: handler.personId,
    customerId,
    action: handler.call.action,
    outcome: 'ok',
    requestId: handler.call.requestId,
    ipAddress: handler.call.ipAddress,
    ...(details ? { details } : {}),
    actorRole: handler.staffRoles.includes('customer-service') ? 'customer-service' : 'site-admin',
    dataArea: 'contracts',
  });
}

async function audit(tx: Transaction, siteId: string, personId: string, customerId: string, call: Call, details: string) {
  await actorRepository.audit(tx, {
    siteId,
    personId,
    customerId,
    action: call.action,
    outcome: 'ok',
    requestId: call.requestId,
    ipAddress: call.ipAddress,
    details,
  });
}

/** Requests as answered, each with its history and every file under the event it came with. */
async function details(executor: Executor, rows: readonly ConnectionRequestWithPlace[]): Promise<ConnectionRequestDetail[]> {
  const ids = rows.map((row) => row.request.id);
  const [events, files] = await Promise.all([requests.events(executor, ids), requests.attachments(executor, ids)]);
  const filesOf = groupBy(files, (file) => file.eventId);
  const eventsOf = groupBy(events, (event) => event.requestId);
  return rows.map((row) => ({
    ...viewOf(row),
    history: (eventsOf.get(row.request.id) ?? []).map((event) => eventView(event, filesOf.get(event.id) ?? [])),
  }));
}

function viewOf({ request, gsrn, street, postalCode, city }: ConnectionRequestWithPlace): Omit<ConnectionRequestDetail, 'history'> {
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    meteringPointId: request.meteringPointId,
    gsrn,
    address: {
      street: request.street ?? street ?? '',
      postalCode: request.postalCode ?? postalCode ?? '',
      city: request.city ?? city ?? '',
    },
    fuseAmperes: request.fuseAmperes,
    inverterPowerKw: request.inverterPowerW === null ? null : kilowattsOf(request.inverterPowerW),
    installer: request.installer,
    installationDate: request.installationDate,
    wantedBy: request.wantedBy,
    message: request.message,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

function eventView(event: ConnectionEventRow, files: readonly ConnectionAttachmentRow[]): ConnectionRequestDetail['history'][number] {
  return {
    id: event.id,
    author: event.author,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    message: event.message,
    attachments: files.map((file) => ({
      id: file.id,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      createdAt: file.createdAt.toISOString(),
    })),
    createdAt: event.createdAt.toISOString(),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
