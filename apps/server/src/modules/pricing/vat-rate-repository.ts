import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { readAlone, type Read } from '../../platform/reads-together.ts';
import type { VatRateRow } from './vat-rates.ts';

/**
 * Every row of the VAT rate history (a few dozen at most), oldest first: read per use rather than kept, so a row a
 * migration adds counts from the next statement in every server copy. Dates as `YYYY-MM-DD` text.
 */
export const vatRatesRead: Read<VatRateRow[]> = {
  sql: sql`select id, country_code, utility, supply, customer_type, valid_from::text as valid_from, valid_to::text as valid_to, permille
           from vat_rate`,
  orderBy: ['valid_from', 'id'],
  decode: (rows) =>
    rows.map((row) => ({
      countryCode: row.country_code as VatRateRow['countryCode'],
      utility: row.utility as VatRateRow['utility'],
      supply: row.supply as VatRateRow['supply'],
      customerType: row.customer_type as VatRateRow['customerType'],
      validFrom: row.valid_from as string,
      validTo: row.valid_to as string | null,
      permille: Number(row.permille),
    })),
};

/** `vatRatesRead`, alone (or with the reads of its turn: platform/reads-together.ts). */
export const vatRateRows = (executor: Executor): Promise<VatRateRow[]> => readAlone(executor, vatRatesRead);
