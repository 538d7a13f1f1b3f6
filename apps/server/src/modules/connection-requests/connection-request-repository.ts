import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ConnectionRequestStatus } from '@portal/schema/connection-requests';
import type { CommentAuthor } from '@portal/schema/support';
import { connectionRequest, connectionRequestAttachment, connectionRequestEvent } from '../../db/schema/connection-requests.ts';
import { meteringPoint, supplyObject } from '../../db/schema/energy.ts';
import { customer } from '../../db/schema/identity.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CheckedFile } from '../support/attachment-upload.ts';

export type ConnectionRequestRow = typeof connectionRequest.$inferSelect;
export type ConnectionEventRow = typeof connectionRequestEvent.$inferSelect;
export type ConnectionAttachmentRow = Omit<typeof connectionRequestAttachment.$inferSelect, 'content' | 'siteId'>;
/** A request with its place as the customer knows it: the metering point's GSRN and address, when it has one. */
export type ConnectionRequestWithPlace = {
  request: ConnectionRequestRow;
  gsrn: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
};

const attachmentColumns = {
  id: connectionRequestAttachment.id,
  requestId: connectionRequestAttachment.requestId,
  eventId: connectionRequestAttachment.eventId,
  fileName: connectionRequestAttachment.fileName,
  contentType: connectionRequestAttachment.contentType,
  sizeBytes: connectionRequestAttachment.sizeBytes,
  createdAt: connectionRequestAttachment.createdAt,
};

const withPlace = {
  request: connectionRequest,
  gsrn: meteringPoint.gsrn,
  street: supplyObject.street,
  postalCode: supplyObject.postalCode,
  city: supplyObject.city,
};

const ofCustomer = (scope: CustomerScope) =>
  and(eq(connectionRequest.siteId, scope.siteId), eq(connectionRequest.customerId, scope.customerId));

/**
 * The SQL of connection requests (docs/decisions/124). Customer calls name the site and the customer in every
 * statement; customer service's name the site, so another customer's or another site's request is simply not found.
 */
export const connectionRequestRepository = {
  /** The acting customer's metering points on this site, with their places (the form's choices). */
  async places(executor: Executor, scope: CustomerScope) {
    return executor
      .select({
        meteringPointId: meteringPoint.id,
        gsrn: meteringPoint.gsrn,
        utility: meteringPoint.utility,
        street: supplyObject.street,
        postalCode: supplyObject.postalCode,
        city: supplyObject.city,
      })
      .from(meteringPoint)
      .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId)))
      .orderBy(asc(supplyObject.street), asc(meteringPoint.gsrn));
  },

  async place(executor: Executor, scope: CustomerScope, meteringPointId: string) {
    const [row] = await executor
      .select({ id: meteringPoint.id, utility: meteringPoint.utility })
      .from(meteringPoint)
      .where(
        and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId), eq(meteringPoint.id, meteringPointId)),
      );
    return row ?? null;
  },

  async insert(tx: Transaction, values: typeof connectionRequest.$inferInsert): Promise<ConnectionRequestRow> {
    const [row] = await tx.insert(connectionRequest).values(values).returning();
    return row!;
  },

  async addEvent(
    tx: Transaction,
    values: {
      requestId: string;
      siteId: string;
      author: CommentAuthor;
      personId: string | null;
      fromStatus: ConnectionRequestStatus | null;
      toStatus: ConnectionRequestStatus;
      message: string | null;
      createdAt: Date;
    },
  ): Promise<ConnectionEventRow> {
    const [row] = await tx.insert(connectionRequestEvent).values(values).returning();
    return row!;
  },

  /** The files in the order they were sent: each a millisecond after the one before, as lists order by the time. */
  async addAttachments(
    tx: Transaction,
    where: { siteId: string; requestId: string; eventId: string },
    files: readonly CheckedFile[],
    at: Date,
  ) {
    if (files.length === 0) return;
    await tx.insert(connectionRequestAttachment).values(
      files.map((file, index) => ({
        ...where,
        fileName: file.fileName,
        contentType: file.contentType,
        content: file.content,
        sizeBytes: file.content.length,
        createdAt: new Date(at.getTime() + index),
      })),
    );
  },

  async setStatus(tx: Transaction, id: string, status: ConnectionRequestStatus, at: Date) {
    await tx.update(connectionRequest).set({ status, updatedAt: at }).where(eq(connectionRequest.id, id));
  },

  async touch(tx: Transaction, id: string, at: Date) {
    await tx.update(connectionRequest).set({ updatedAt: at }).where(eq(connectionRequest.id, id));
  },

  /** The customer's requests, newest first. */
  async customerRequests(executor: Executor, scope: CustomerScope): Promise<ConnectionRequestWithPlace[]> {
    return executor
      .select(withPlace)
      .from(connectionRequest)
      .leftJoin(meteringPoint, eq(meteringPoint.id, connectionRequest.meteringPointId))
      .leftJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(ofCustomer(scope))
      .orderBy(desc(connectionRequest.createdAt), asc(connectionRequest.id));
  },

  async customerRequest(executor: Executor, scope: CustomerScope, id: string): Promise<ConnectionRequestWithPlace | null> {
    const [row] = await executor
      .select(withPlace)
      .from(connectionRequest)
      .leftJoin(meteringPoint, eq(meteringPoint.id, connectionRequest.meteringPointId))
      .leftJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(and(ofCustomer(scope), eq(connectionRequest.id, id)));
    return row ?? null;
  },

  /** Locks the customer's request: its status moves only under the lock, so two changes cannot both pass one check. */
  async lockCustomerRequest(tx: Transaction, scope: CustomerScope, id: string): Promise<ConnectionRequestRow | null> {
    const [row] = await tx
      .select()
      .from(connectionRequest)
      .where(and(ofCustomer(scope), eq(connectionRequest.id, id)))
      .for('update');
    return row ?? null;
  },

  async lockSiteRequest(tx: Transaction, siteId: string, id: string): Promise<ConnectionRequestRow | null> {
    const [row] = await tx
      .select()
      .from(connectionRequest)
      .where(and(eq(connectionRequest.siteId, siteId), eq(connectionRequest.id, id)))
      .for('update');
    return row ?? null;
  },

  /** The site's requests in the given statuses, oldest first, with whose they are. */
  async siteRequests(executor: Executor, siteId: string, statuses: readonly ConnectionRequestStatus[], id?: string) {
    return executor
      .select({ ...withPlace, clientCode: customer.clientCode, customerName: customer.name })
      .from(connectionRequest)
      .innerJoin(customer, eq(customer.id, connectionRequest.customerId))
      .leftJoin(meteringPoint, eq(meteringPoint.id, connectionRequest.meteringPointId))
      .leftJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(
        and(
          eq(connectionRequest.siteId, siteId),
          inArray(connectionRequest.status, [...statuses]),
          ...(id === undefined ? [] : [eq(connectionRequest.id, id)]),
        ),
      )
      .orderBy(asc(connectionRequest.createdAt), asc(connectionRequest.id));
  },

  async events(executor: Executor, requestIds: string[]): Promise<ConnectionEventRow[]> {
    if (requestIds.length === 0) return [];
    return executor
      .select()
      .from(connectionRequestEvent)
      .where(inArray(connectionRequestEvent.requestId, requestIds))
      .orderBy(asc(connectionRequestEvent.createdAt), asc(connectionRequestEvent.id));
  },

  async attachments(executor: Executor, requestIds: string[]): Promise<ConnectionAttachmentRow[]> {
    if (requestIds.length === 0) return [];
    return executor
      .select(attachmentColumns)
      .from(connectionRequestAttachment)
      .where(inArray(connectionRequestAttachment.requestId, requestIds))
      .orderBy(asc(connectionRequestAttachment.createdAt), asc(connectionRequestAttachment.id));
  },

  /** One file with its content, of one of the acting customer's requests. */
  async customerAttachment(executor: Executor, scope: CustomerScope, requestId: string, id: string) {
    const [row] = await executor
      .select({
        fileName: connectionRequestAttachment.fileName,
        contentType: connectionRequestAttachment.contentType,
        content: connectionRequestAttachment.content,
      })
      .from(connectionRequestAttachment)
      .innerJoin(connectionRequest, eq(connectionRequest.id, connectionRequestAttachment.requestId))
      .where(and(eq(connectionRequestAttachment.id, id), eq(connectionRequestAttachment.requestId, requestId), ofCustomer(scope)));
    return row ?? null;
  },

  /** One file with its content, of a request of this site (customer service). */
  async siteAttachment(executor: Executor, siteId: string, requestId: string, id: string) {
    const [row] = await executor
      .select({
        fileName: connectionRequestAttachment.fileName,
        contentType: connectionRequestAttachment.contentType,
        content: connectionRequestAttachment.content,
        customerId: connectionRequest.customerId,
      })
      .from(connectionRequestAttachment)
      .innerJoin(connectionRequest, eq(connectionRequest.id, connectionRequestAttachment.requestId))
      .where(
        and(
          eq(connectionRequestAttachment.id, id),
          eq(connectionRequestAttachment.requestId, requestId),
          eq(connectionRequest.siteId, siteId),
        ),
      );
    return row ?? null;
  },
};
