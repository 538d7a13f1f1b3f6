import { sql } from 'drizzle-orm';
import { refreshSpotPriceHours } from '../../db/spot-price-hours.ts';
import { stagedUpsert, type UpsertReport } from '../../db/staged-upsert.ts';
import type { Database } from '../../platform/database.ts';
import { parsePublicationDocument, type DocumentProblem, type PublishedPrice } from './entsoe-publication-document.ts';

/** How the document is parsed: in this thread (the command), or on the server's parsing threads. */
export type ParseDocument = (
  xml: string,
) => { prices: PublishedPrice[]; problems: DocumentProblem[] } | Promise<{ prices: PublishedPrice[]; problems: DocumentProblem[] }>;

export type PriceImportResult = ({ ok: true; rows: number } & UpsertReport) | { ok: false; problems: DocumentProblem[] };

/** Imports an ENTSO-E day-ahead price document: all of it, idempotently, or nothing when any element is bad. */
export async function importSpotPrices(
  db: Database,
  xml: string,
  parse: ParseDocument = parsePublicationDocument,
): Promise<PriceImportResult> {
  const { prices, problems } = await parse(xml);
  if (problems.length > 0) return { ok: false, problems };
  const report = await stagedUpsert(db, {
    table: 'spot_price',
    key: ['bidding_zone', 'starts_at'],
    values: ['resolution_minutes', 'eur_per_mwh'],
    lines: prices.map((price) => `${price.zone}\t${price.startsAt.toISOString()}\t${price.minutes}\t${price.eurPerMwh}`),
    alongside: (tx, staging) => refreshSpotPriceHours(tx, sql.raw(`select bidding_zone, starts_at from ${staging}`)),
    derived: ['spot_price_hour'],
  });
  return { ok: true, rows: prices.length, ...report };
}
