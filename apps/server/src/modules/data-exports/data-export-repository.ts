import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { dataExport, dataExportPart } from '../../db/schema/data-exports.ts';
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
