import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { customerType, operatingCountryCode, utility } from '@portal/schema/enums';
import { enumText, oneOf } from './enum-column.ts';

/**
 * What a contract supplies, where the law taxes the two differently: the energy itself (electricity, gas, heat,
 * with the seller's fees) or the network service of a grid contract (Finland's reduced rate of 2022–2023 left
 * electricity transmission at the standard rate).
 */
export const VAT_SUPPLIES = ['energy', 'network'] as const;
export type VatSupply = (typeof VAT_SUPPLIES)[number];

/**
 * The VAT rate history (docs/decisions/093-vat-at-the-rate-of-the-supply-date.md): one row per rate change, read by
 * every price, cost and invoice through modules/pricing/vat-rates.ts and pricing-sql.ts. A row applies to its
 * country and, where not null, only to that utility, supply and customer type; at a date the most specific row
 * in force wins. A row is in force from `valid_from` until the next row of the same columns starts, or until
 * `valid_to` for a rate the law enacted for a fixed time. A future change is one more row, added by a migration.
 */
export const vatRate = pgTable(
  'vat_rate',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryCode: enumText('country_code', operatingCountryCode.options).notNull(),
    /** Null: every utility. */
    utility: enumText('utility', utility.options),
    /** Null: both the energy and the network service. */
    supply: enumText('supply', VAT_SUPPLIES),
    /** Null: private and legal customers alike. */
    customerType: enumText('customer_type', customerType.options),
    /** The first local day the rate taxes. */
    validFrom: date('valid_from').notNull(),
    /** The last local day of a rate enacted for a fixed time; null: until the next row of the same columns. */
    validTo: date('valid_to'),
    /** Per mille: 25.5 % is 255. */
    permille: smallint('permille').notNull(),
    /** The law (and the tax authority's guidance) that sets the rate, as decision 093 cites it. */
    legalSource: text('legal_source').notNull(),
  },
  (table) => [
    // One row per series and day: NULLs (every utility, …) count as equal here.
    unique('vat_rate_series_unique')
      .on(table.countryCode, table.utility, table.supply, table.customerType, table.validFrom)
      .nullsNotDistinct(),
    oneOf('vat_rate_country_code_check', table.countryCode, operatingCountryCode.options),
    oneOf('vat_rate_utility_check', table.utility, utility.options),
    oneOf('vat_rate_supply_check', table.supply, VAT_SUPPLIES),
    oneOf('vat_rate_customer_type_check', table.customerType, customerType.options),
    check('vat_rate_permille_check', sql`${table.permille} between 0 and 1000`),
    check('vat_rate_valid_to_check', sql`${table.validTo} is null or ${table.validTo} >= ${table.validFrom}`),
  ],
);
