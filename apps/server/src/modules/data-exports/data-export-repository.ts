import { and, asc, desc, eq, gt, max, min } from 'drizzle-orm';
import { invoice } from '../../db/schema/billing.ts';
import { dataExport, dataExportPart } from '../../db/schema/data-exports.ts';
import { contract, meteringPoint, reading } from '../../db/schema/energy.ts';
import { customer, person } from '../../db/schema/identity.ts';
import { meterReadingPhoto, meterRegisterReading } from '../../db/schema/meter-readings.ts';
import { supportAttachment, supportTicket } from '../../db/schema/support.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

export type DataExportRow = typeof dataExport.$inferSelect;

const ofScope = (scope: CustomerScope) => and(eq(dataExport.siteId, scope.siteId), eq(dataExport.customerId, scope.customerId));

/** The SQL of customers' data exports (docs/decisions/110): every read by a customer names the site and the customer. */
export const dataExportRepository = {
  /** A new copy in the making, or null when the customer has one in the making already (one at a time, by a unique index). */
  async create(
    tx: Transaction,
    values: { siteId: string; customerId: string; personId: string; localeId: string },
  ): Promise<DataExportRow | null> {
    const [row] = await tx.insert(dataExport).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** The customer's exports, newest first. */
  async list(executor: Executor, scope: CustomerScope): Promise<DataExportRow[]> {
    return executor.select().from(dataExport).where(ofScope(scope)).orderBy(desc(dataExport.createdAt), desc(dataExport.id));
  },

  async find(executor: Executor, scope: CustomerScope, id: string): Promise<DataExportRow | null> {
    const [row] = await executor
      .select()
      .from(dataExport)
      .where(and(ofScope(scope), eq(dataExport.id, id)));
    return row ?? null;
  },

  /** For the job, which has only the id its own enqueue gave it (the job runner lets one worker hold a job at a time). */
  async forJob(executor: Executor, id: string): Promise<DataExportRow | null> {
    const [row] = await executor.select().from(dataExport).where(eq(dataExport.id, id));
    return row ?? null;
  },

  /** Parts an earlier, interrupted attempt left: the archive is made again from its first byte. */
  async dropParts(executor: Executor, exportId: string): Promise<void> {
    await executor.delete(dataExportPart).where(eq(dataExportPart.exportId, exportId));
  },

  async addPart(executor: Executor, exportId: string, position: number, content: Buffer): Promise<void> {
    await executor.insert(dataExportPart).values({ exportId, position, content });
  },

  async markReady(tx: Transaction, id: string, values: { sizeBytes: number; readyAt: Date; expiresAt: Date }): Promise<void> {
    await tx
      .update(dataExport)
      .set({ status: 'ready', ...values })
      .where(eq(dataExport.id, id));
  },

  async markFailed(executor: Executor, id: string): Promise<void> {
    await executor.update(dataExport).set({ status: 'failed' }).where(eq(dataExport.id, id));
  },

  /** The asker's e-mail address, where the notice goes; null when they have none. */
  async askerEmail(executor: Executor, personId: string): Promise<string | null> {
    const [row] = await executor.select({ email: person.email }).from(person).where(eq(person.id, personId));
    return row?.email ?? null;
  },

  /** The customer's name and code for the contract PDFs, and their contracts and invoices in order, by id. */
  async documentsOf(executor: Executor, scope: CustomerScope) {
    const [holder] = await executor
      .select({ name: customer.name, clientCode: customer.clientCode })
      .from(customer)
      .where(and(eq(customer.siteId, scope.siteId), eq(customer.id, scope.customerId)));
    const contracts = await executor
      .select({ id: contract.id })
      .from(contract)
      .where(and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId)))
      .orderBy(asc(contract.startDate), asc(contract.id));
    const invoices = await executor
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(eq(invoice.siteId, scope.siteId), eq(invoice.customerId, scope.customerId)))
      .orderBy(asc(invoice.issueDate), asc(invoice.id));
    return { holder: holder ?? null, contractIds: contracts.map((row) => row.id), invoiceIds: invoices.map((row) => row.id) };
  },

  async meteringPointIds(executor: Executor, scope: CustomerScope): Promise<string[]> {
    const rows = await executor
      .select({ id: meteringPoint.id })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId)))
      .orderBy(asc(meteringPoint.id));
    return rows.map((row) => row.id);
  },

  /** The first and last interval start of a point already found in the scope; null for a point without readings. */
  async readingSpan(executor: Executor, meteringPointId: string): Promise<{ first: Date; last: Date } | null> {
    const [span] = await executor
      .select({ first: min(reading.startsAt), last: max(reading.startsAt) })
      .from(reading)
      .where(eq(reading.meteringPointId, meteringPointId));
    return span?.first && span.last ? { first: new Date(span.first), last: new Date(span.last) } : null;
  },

  /** The customer's next support file after id `after`, content included: one file in memory at a time. */
  async attachmentAfter(executor: Executor, scope: CustomerScope, after: string) {
    const [file] = await executor
      .select({
        id: supportAttachment.id,
        ticketId: supportAttachment.ticketId,
        fileName: supportAttachment.fileName,
        content: supportAttachment.content,
      })
      .from(supportAttachment)
      .innerJoin(supportTicket, eq(supportTicket.id, supportAttachment.ticketId))
      .where(and(eq(supportTicket.siteId, scope.siteId), eq(supportTicket.customerId, scope.customerId), gt(supportAttachment.id, after)))
      .orderBy(asc(supportAttachment.id))
      .limit(1);
    return file ?? null;
  },

  /** The customer's next meter photo after reading id `after`, content included: one photo in memory at a time. */
  async meterPhotoAfter(executor: Executor, scope: CustomerScope, after: string) {
    const [photo] = await executor
      .select({ readingId: meterReadingPhoto.readingId, fileName: meterReadingPhoto.fileName, content: meterReadingPhoto.content })
      .from(meterReadingPhoto)
      .innerJoin(meterRegisterReading, eq(meterRegisterReading.id, meterReadingPhoto.readingId))
      .where(
        and(
          eq(meterRegisterReading.siteId, scope.siteId),
          eq(meterRegisterReading.customerId, scope.customerId),
          gt(meterReadingPhoto.readingId, after),
        ),
      )
      .orderBy(asc(meterReadingPhoto.readingId))
      .limit(1);
    return photo ?? null;
  },

  /** An export's parts in order, one at a time: a download holds a mebibyte, never the archive. */
  async *parts(executor: Executor, exportId: string): AsyncGenerator<Buffer> {
    let after = -1;
    for (;;) {
      const [part] = await executor
        .select({ position: dataExportPart.position, content: dataExportPart.content })
        .from(dataExportPart)
        .where(and(eq(dataExportPart.exportId, exportId), gt(dataExportPart.position, after)))
        .orderBy(asc(dataExportPart.position))
        .limit(1);
      if (!part) return;
      yield part.content;
      after = part.position;
    }
  },
};
