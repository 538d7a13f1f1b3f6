import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoiceDelivery, invoicePaymentStatus, invoiceType, operatingCountryCode, utility } from '@portal/schema/enums';
import { CURRENCIES, INVOICE_ROW_KINDS, INVOICE_ROW_UNITS } from '@portal/schema/invoices';
import { PAYMENT_PROVIDER_IDS, paymentStatus } from '@portal/schema/payments';
import { contract, meteringPoint } from './energy.ts';
import { enumText, oneOf } from './enum-column.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * An invoice of one contract for one billing period. Money is in euro cents as exact integers (rule 5);
 * `total = net + vat`, and `vat` is the sum of its VAT lines (invoice_vat_line), one per rate its rows are taxed
 * at. "Overdue" is not stored: it is an unpaid invoice whose due date has passed in the site's timezone.
 */
export const invoice = pgTable(
  'invoice',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    contractId: text('contract_id')
      .notNull()
      .references(() => contract.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull(),
    /** Payment reference the bank transfer carries (RF creditor reference). */
    referenceNumber: text('reference_number').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    /** The due date the invoice was issued with, kept when the customer postpones it. */
    originalDueDate: date('original_due_date').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: enumText('currency', CURRENCIES).notNull().default('EUR'),
    type: enumText('type', invoiceType.options).notNull(),
    delivery: enumText('delivery', invoiceDelivery.options).notNull(),
    paymentStatus: enumText('payment_status', invoicePaymentStatus.options).notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoice_site_number_unique').on(table.siteId, table.invoiceNumber),
    // Lists page by due date (newest first) within one customer, with or without a status filter.
    index('invoice_customer_due_idx').on(table.siteId, table.customerId, table.dueDate, table.id),
    index('invoice_customer_status_due_idx').on(table.siteId, table.customerId, table.paymentStatus, table.dueDate),
    index('invoice_contract_idx').on(table.contractId, table.dueDate),
    oneOf('invoice_currency_check', table.currency, CURRENCIES),
    oneOf('invoice_type_check', table.type, invoiceType.options),
    oneOf('invoice_delivery_check', table.delivery, invoiceDelivery.options),
    oneOf('invoice_payment_status_check', table.paymentStatus, invoicePaymentStatus.options),
  ],
);

/** One line of an invoice: a price component applied to one metering point's energy or month. */
export const invoiceRow = pgTable(
  'invoice_row',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    meteringPointId: text('metering_point_id').references(() => meteringPoint.id, { onDelete: 'set null' }),
    /** The metering point's GSRN or EIC as printed on the invoice. */
    gsrn: text('gsrn').notNull(),
    utility: enumText('utility', utility.options).notNull(),
    componentKind: enumText('component_kind', INVOICE_ROW_KINDS).notNull(),
    unit: enumText('unit', INVOICE_ROW_UNITS).notNull(),
    /** kWh with three decimals (exactly Wh / 1000), or a count of months. */
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unitPriceCents: numeric('unit_price_cents', { precision: 14, scale: 5 }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    /** The VAT rate the row is taxed at, per mille: the rate in force on the days it bills (decision 093). */
    vatPermille: smallint('vat_permille').notNull(),
  },
  (table) => [
    index('invoice_row_invoice_idx').on(table.invoiceId, table.position),
    oneOf('invoice_row_utility_check', table.utility, utility.options),
    oneOf('invoice_row_component_kind_check', table.componentKind, INVOICE_ROW_KINDS),
    oneOf('invoice_row_unit_check', table.unit, INVOICE_ROW_UNITS),
  ],
);

/**
 * One VAT line of an invoice (docs/decisions/094): the net of its rows taxed at one rate, and that VAT, rounded once
 * per line, half away from zero. An invoice whose period straddles a rate change has a line per rate.
 */
export const invoiceVatLine = pgTable(
  'invoice_vat_line',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    /** Lines read in the order of the days they tax. */
    position: smallint('position').notNull(),
    vatPermille: smallint('vat_permille').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('invoice_vat_line_rate_unique').on(table.invoiceId, table.vatPermille)],
);

/** Every due-date change a customer made, for the postponement rules (docs/decisions/010-invoice-postponement.md). */
export const invoicePostponement = pgTable(
  'invoice_postponement',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    previousDueDate: date('previous_due_date').notNull(),
    newDueDate: date('new_due_date').notNull(),
    personId: text('person_id').references(() => person.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('invoice_postponement_invoice_idx').on(table.invoiceId)],
);

/**
 * One attempt to pay an invoice through a provider. `provider_reference` is the provider's id of the
 * payment; callbacks and status polls find the payment by it, which is what makes them idempotent.
 */
export const payment = pgTable(
  'payment',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    provider: enumText('provider', PAYMENT_PROVIDER_IDS).notNull(),
    providerReference: text('provider_reference'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: enumText('currency', CURRENCIES).notNull().default('EUR'),
    /**
     * 'created' → 'pending' → 'confirmed' | 'failed' | 'refund-due'; the last three are final. 'refund-due' is
     * money the provider took for an invoice that was already paid: it never counts as paying it.
     */
    status: enumText('status', paymentStatus.options).notNull().default('created'),
    /** Where the provider sends the payer; kept so a repeated start can send them to the same page. */
    redirectUrl: text('redirect_url'),
    /** The payer's bank for open banking, as chosen at the start. */
    bankBic: text('bank_bic'),
    /** The client's Idempotency-Key header: the same key from the same customer names the same payment. */
    idempotencyKey: text('idempotency_key'),
    /** The provider's own word for the state, as last seen. */
    providerState: text('provider_state'),
    startedBy: text('started_by').references(() => person.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('payment_provider_reference_unique')
      .on(table.provider, table.providerReference)
      .where(sql`${table.providerReference} is not null`),
    index('payment_invoice_idx').on(table.invoiceId),
    // At most one payment of an invoice is under way, and at most one pays it: the database says so, not only
    // the code that reads before it writes (two tabs, two clicks).
    uniqueIndex('payment_one_open_per_invoice')
      .on(table.invoiceId)
      .where(sql`${table.status} in ('created', 'pending')`),
    uniqueIndex('payment_one_confirmed_per_invoice')
      .on(table.invoiceId)
      .where(sql`${table.status} = 'confirmed'`),
    uniqueIndex('payment_idempotency_key_unique')
      .on(table.customerId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    oneOf('payment_provider_check', table.provider, PAYMENT_PROVIDER_IDS),
    oneOf('payment_currency_check', table.currency, CURRENCIES),
    oneOf('payment_status_check', table.status, paymentStatus.options),
  ],
);

/** Where news of a payment came from: its start, a provider's callback, or a status poll. */
const PAYMENT_EVENT_SOURCES = ['start', 'callback', 'status'] as const;

/** What was heard about a payment and from where: the start, each callback, each status poll. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'cascade' }),
    source: enumText('source', PAYMENT_EVENT_SOURCES).notNull(),
    providerState: text('provider_state'),
    /** The status the payment moved to, or null when the event changed nothing. */
    transition: enumText('transition', paymentStatus.options),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_event_payment_idx').on(table.paymentId),
    oneOf('payment_event_source_check', table.source, PAYMENT_EVENT_SOURCES),
    oneOf('payment_event_transition_check', table.transition, paymentStatus.options),
  ],
);

/**
 * The embedded payment simulator's own book: what a provider would hold. Kept apart from `payment`
 * so the simulator speaks to the portal only through the payment port, as a real provider does.
 */
export const SIMULATED_PAYMENT_STATES = ['pending', 'approved', 'declined'] as const;

export const simulatedPayment = pgTable(
  'simulated_payment',
  {
    reference: text('reference').primaryKey(),
    siteId: text('site_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    merchantName: text('merchant_name').notNull(),
    returnUrl: text('return_url').notNull(),
    state: enumText('state', SIMULATED_PAYMENT_STATES).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [oneOf('simulated_payment_state_check', table.state, SIMULATED_PAYMENT_STATES)],
);

/** Banks of the three countries with their BIC, and what the portal uses them for. */
export const bank = pgTable(
  'bank',
  {
    id: text('id').primaryKey(),
    countryCode: enumText('country_code', operatingCountryCode.options).notNull(),
    name: text('name').notNull(),
    bic: text('bic').notNull(),
    /** Receives consumer e-invoices (Finvoice e-lasku, Estonian e-arve, Latvian e-rēķins). */
    eInvoice: boolean('e_invoice').notNull(),
    /** Reachable for open-banking payment initiation. */
    payment: boolean('payment').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [
    index('bank_country_idx').on(table.countryCode, table.position),
    oneOf('bank_country_code_check', table.countryCode, operatingCountryCode.options),
  ],
);

/** E-invoice operators (intermediators) business customers route their e-invoices through. */
export const eInvoiceOperator = pgTable(
  'e_invoice_operator',
  {
    id: text('id').primaryKey(),
    countryCode: enumText('country_code', operatingCountryCode.options).notNull(),
    name: text('name').notNull(),
    /** The operator's routing code: a BIC for banks, an OVT-style intermediator id for others. */
    code: text('code').notNull(),
    position: smallint('position').notNull(),
  },
  (table) => [
    index('e_invoice_operator_country_idx').on(table.countryCode, table.position),
    oneOf('e_invoice_operator_country_code_check', table.countryCode, operatingCountryCode.options),
  ],
);
