import { z } from 'zod';

/**
 * A copy of everything about me (GDPR Art. 15 and 20, docs/decisions/110): queued until the job has made it, ready to
 * download for seven days, or failed (the customer may ask again).
 */
export const DATA_EXPORT_STATUSES = ['queued', 'ready', 'failed'] as const;

/** Days a ready copy can be downloaded. */
export const DATA_EXPORT_DAYS = 7;

export const dataExportView = z
  .object({
    id: z.string(),
    status: z.enum(DATA_EXPORT_STATUSES),
    createdAt: z.iso.datetime({ offset: true }),
    readyAt: z.iso.datetime({ offset: true }).nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    sizeBytes: z.number().int().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExportView = z.infer<typeof dataExportView>;

export const dataExportIdParams = z.object({ id: z.uuid() });
