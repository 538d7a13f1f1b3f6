import { Readable } from 'node:stream';
import { localDate } from '@portal/schema/calendar-dates';
import type { DataExportView } from '@portal/schema/data-export';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { CustomerScope } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { dataExportRepository as exports, type DataExportRow } from './data-export-repository.ts';
import { makeDataExportJob } from './data-export-jobs.ts';

/** Who asks, from where: the audit line names the person and the call, the mail links back to the site. */
export type Asker = {
  scope: CustomerScope;
  personId: string;
  actingAsStaff: boolean;
  locale: LocaleId;
  origin: string;
  requestId: string;
  ipAddress: string;
};

export const viewOf = (row: DataExportRow): DataExportView => ({
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  sizeBytes: row.sizeBytes,
});

/** What a customer may still download: a copy past its days is as gone as one the retention job removed. */
const visible = (row: DataExportRow, now: Date) => row.expiresAt === null || row.expiresAt > now;

export async function listDataExports(db: Database, scope: CustomerScope, now: Date): Promise<DataExportView[]> {
  return (await exports.list(db, scope)).filter((row) => visible(row, now)).map(viewOf);
}

/**
 * POST /api/me/data-exports (decision 110): queues the job that makes the copy, in the transaction that records the
 * request and its audit line. Refuses staff acting for the customer (the copy and its notice are the customer's own),
 * and a second request while one is being made (the database's unique index decides, not a read before).
 */
export async function requestDataExport(db: Database, asker: Asker): Promise<DataExportView> {
  if (asker.actingAsStaff) {
    throw new AppError('DATA_EXPORT_NOT_FOR_STAFF', 'A copy of the data is made for the customer, who asks for it in their own session');
  }
  return db.transaction(async (tx) => {
    const row = await exports.create(tx, {
      siteId: asker.scope.siteId,
      customerId: asker.scope.customerId,
      personId: asker.personId,
      localeId: asker.locale,
    });
    if (!row) throw new AppError('DATA_EXPORT_IN_PROGRESS', 'A copy of your data is being made; it will be ready soon');
    await enqueue(tx, makeDataExportJob, { exportId: row.id, origin: asker.origin });
    await audit(tx, asker, 'data export requested', row.id);
    return viewOf(row);
  });
}

/**
 * GET /api/me/data-exports/{id}/download: the ZIP, streamed part by part. 404 for another customer's copy or one past
 * its days, 409 while it is being made; the download is audited.
 */
export async function downloadDataExport(
  db: Database,
  asker: Asker,
  id: string,
  now: Date,
  timezone: string,
): Promise<{ filename: string; contentType: string; body: Readable; sizeBytes: number }> {
  const row = await exports.find(db, asker.scope, id);
  if (!row || row.status === 'failed' || !visible(row, now))
    throw new AppError('DATA_EXPORT_NOT_FOUND', 'No such copy of your data, or its days are over');
  if (row.status !== 'ready') throw new AppError('DATA_EXPORT_NOT_READY', 'This copy of your data is still being made');
  await audit(db, asker, 'data export downloaded', row.id);
  return {
    filename: `my-data-${localDate(row.readyAt!, timezone)}.zip`,
    contentType: 'application/zip',
    body: Readable.from(exports.parts(db, row.id)),
    sizeBytes: row.sizeBytes ?? 0,
  };
}

async function audit(executor: Executor, asker: Asker, action: string, exportId: string) {
  await actorRepository.audit(executor, {
    siteId: asker.scope.siteId,
    personId: asker.personId,
    customerId: asker.scope.customerId,
    action,
    outcome: 'ok',
    requestId: asker.requestId,
    ipAddress: asker.ipAddress,
    details: exportId,
  });
}
