import { Readable } from 'node:stream';
import type { z } from 'zod';
import { addDays, instantAt } from '@portal/schema/calendar-dates';
import type { readingsDownloadQuery } from '@portal/schema/energy';
import type { OperatingCountryCode } from '@portal/schema/enums';
import type { LocaleId } from '@portal/schema/locale-ids';
import { streamCsv } from '../../platform/csv-writer.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { espiFeed } from './espi-feed.ts';
import { hubCsv } from './hub-csv.ts';
import { readingDownloadRepository as downloads, type StoredSeries } from './reading-download-repository.ts';

export type ReadingsDownload = { filename: string; contentType: string; body: Readable };

/**
 * GET /api/readings/download (docs/decisions/109): a metering point's stored readings on the asked days of the site's
 * calendar, as a Green Button ESPI feed or in the country's data hub layout, streamed as they are read.
 * Throws METERING_POINT_NOT_FOUND (404) for a point that is not the acting customer's. A period with no readings gives
 * a valid file with none: the customer asked for that period, and an empty feed says so.
 */
export async function downloadReadings(
  db: Database,
  scope: CustomerScope,
  site: { timezone: string; countryCode: OperatingCountryCode },
  query: z.infer<typeof readingsDownloadQuery>,
  reader: { locale: LocaleId; host: string; now: Date },
): Promise<ReadingsDownload> {
  const point = await downloads.meteringPoint(db, scope, query.meteringPointId);
  if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  const from = instantAt(query.from, 0, site.timezone);
  const to = instantAt(addDays(query.to, 1), 0, site.timezone);
  const series = await downloads.series(db, point.id, from, to);
  const readingsOf = (one: StoredSeries) => downloads.readings(db, point.id, one, from, to);
  const name = `${point.gsrn}_${query.from}_${query.to}`;
  if (query.format === 'espi') {
    const feed = espiFeed({
      point,
      customerId: scope.customerId,
      host: reader.host,
      timezone: site.timezone,
      from: query.from,
      to: query.to,
      generatedAt: reader.now,
      series,
      readingsOf,
    });
    return { filename: `${name}_green-button.xml`, contentType: 'application/xml; charset=utf-8', body: Readable.from(feed) };
  }
  const layout = hubCsv({ country: site.countryCode, point, timezone: site.timezone, series, readingsOf });
  return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: streamCsv(layout.header, layout.rows, reader.locale) };
}
