import { asc } from 'drizzle-orm';
import { vatRate } from '../../db/schema/vat-rates.ts';
import type { Executor } from '../../platform/database.ts';
import type { VatRateRow } from './vat-rates.ts';

/**
 * Every row of the VAT rate history (a few dozen at most): read per use rather than kept, so a row a migration adds
 * counts from the next statement in every server copy.
 */
export async function vatRateRows(executor: Executor): Promise<VatRateRow[]> {
  return executor
    .select({
      countryCode: vatRate.countryCode,
      utility: vatRate.utility,
      supply: vatRate.supply,
      customerType: vatRate.customerType,
      validFrom: vatRate.validFrom,
      validTo: vatRate.validTo,
      permille: vatRate.permille,
    })
    .from(vatRate)
    .orderBy(asc(vatRate.validFrom), asc(vatRate.id));
}
