import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRICE_UNITS } from '@portal/schema/energy';
import { customerType, offerVisibility, priceComponentKind, priceType, utility } from '@portal/schema/enums';
import { enumText, oneOf } from './enum-column.ts';
import { customer } from './identity.ts';
import { site } from './sites.ts';

/**
 * A product of a site's catalogue and who may see it (spec §3 offer visibility): Public to anyone, TargetGroup
 * to customers of one type, Personal to one customer, CampaignCode to whoever brings the code.
 */
export const product = pgTable(
  'product',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    utility: enumText('utility', utility.options).notNull(),
    priceType: enumText('price_type', priceType.options).notNull(),
    /** The product-group-filtering feature filters by this (spot, fixed, green …). */
    productGroup: text('product_group').notNull(),
    visibility: enumText('visibility', offerVisibility.options).notNull(),
    targetGroup: enumText('target_group', customerType.options),
    personalCustomerId: text('personal_customer_id').references(() => customer.id, { onDelete: 'cascade' }),
    campaignCode: text('campaign_code'),
    termMonths: smallint('term_months'),
    availableFrom: date('available_from').notNull(),
    availableTo: date('available_to'),
  },
  (table) => [
    uniqueIndex('product_site_code_unique').on(table.siteId, table.code),
    index('product_site_utility_idx').on(table.siteId, table.utility),
    oneOf('product_utility_check', table.utility, utility.options),
    oneOf('product_price_type_check', table.priceType, priceType.options),
    oneOf('product_visibility_check', table.visibility, offerVisibility.options),
    oneOf('product_target_group_check', table.targetGroup, customerType.options),
    // Each visibility names exactly what it needs.
    check(
      'product_visibility_fields_check',
      sql`(${table.visibility} = 'TargetGroup') = (${table.targetGroup} is not null)
        and (${table.visibility} = 'Personal') = (${table.personalCustomerId} is not null)
        and (${table.visibility} = 'CampaignCode') = (${table.campaignCode} is not null)`,
    ),
  ],
);

/**
 * A power charge (decision 119) is priced per kW and only it is: its threshold, kW of the peak left free, belongs to
 * it alone and is never negative (null is none: every kW charged).
 */
export function powerCheck(table: { kind: AnyPgColumn; unit: AnyPgColumn; thresholdKw: AnyPgColumn }) {
  return sql`(${table.kind} = 'Power') = (${table.unit} = 'c/kW') and (${table.thresholdKw} is null or (${table.kind} = 'Power' and ${table.thresholdKw} >= 0))`;
}

/** One price of a product, as a contract's (energy.ts price_component), VAT excluded. */
export const productPriceComponent = pgTable(
  'product_price_component',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    kind: enumText('kind', priceComponentKind.options).notNull(),
    unit: enumText('unit', PRICE_UNITS).notNull(),
    priceCents: numeric('price_cents', { precision: 14, scale: 5 }).notNull(),
    thresholdKw: numeric('threshold_kw', { precision: 8, scale: 3 }),
  },
  (table) => [
    index('product_price_component_product_idx').on(table.productId),
    oneOf('product_price_component_kind_check', table.kind, priceComponentKind.options),
    oneOf('product_price_component_unit_check', table.unit, PRICE_UNITS),
    check('product_price_component_power_check', powerCheck(table)),
  ],
);
