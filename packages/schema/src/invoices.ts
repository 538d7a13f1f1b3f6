import { z } from 'zod';
import { invoiceDelivery, invoicePaymentStatus, invoiceType, priceComponentKind, utility } from './enums.ts';

/** Money is in euros only (spec §9: the three countries use the euro). */
export const CURRENCIES = ['EUR'] as const;
/** What an invoice row bills: a price component of the contract, or energy at the spot price of its hours. */
export const INVOICE_ROW_KINDS = [...priceComponentKind.options, 'Spot'] as const;
export type InvoiceRowKind = (typeof INVOICE_ROW_KINDS)[number];
/**
 * An invoice row bills energy in kWh, a fee in months (a day is 1/(days of its month) of a month), or the power
 * charge in kW of the month's peak above its threshold (kW-months when a row spans part of a month, decision 119).
 */
export const INVOICE_ROW_UNITS = ['kWh', 'month', 'kW'] as const;

/** A calendar date as the API sends it, in the site's timezone: YYYY-MM-DD. */
export const isoDate = z.iso.date();

/** Spec §4: the status filter sent under the name `type`; overdue is an unpaid invoice past its due date. */
export const invoiceStatusFilter = z.enum(['paid', 'unpaid', 'overdue']);
export type InvoiceStatusFilter = z.infer<typeof invoiceStatusFilter>;

export const invoiceSort = z.enum(['-dueDate', 'dueDate', '-issueDate', 'issueDate', '-total', 'total']);
export type InvoiceSort = z.infer<typeof invoiceSort>;

export const invoiceListQuery = z.object({
  type: invoiceStatusFilter.optional(),
  sort: invoiceSort.default('-dueDate'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

/** Why a due date cannot be moved, as the postponement rules say (docs/decisions/010-invoice-postponement.md). */
export const postponementRefusal = z.enum([
  'INVOICE_ALREADY_PAID',
  'POSTPONEMENT_LIMIT_REACHED',
  'POSTPONEMENT_WINDOW_CLOSED',
  'POSTPONE_DATE_NOT_LATER',
  'POSTPONE_DATE_IN_PAST',
  'POSTPONE_DATE_TOO_FAR',
  'POSTPONE_DATE_PAST_NEXT_INVOICE',
]);
export type PostponementRefusal = z.infer<typeof postponementRefusal>;

/** The dates a customer may move the due date to now: the web limits its date picker by these. */
export const postponementWindow = z.object({
  allowed: z.boolean(),
  /** Earliest and latest new due date, inclusive; null when not allowed. */
  minDate: isoDate.nullable(),
  maxDate: isoDate.nullable(),
  refusal: postponementRefusal.nullable(),
  postponementsUsed: z.number().int(),
  postponementsAllowed: z.number().int(),
  /** How many days past the original due date the rules allow. */
  maxDays: z.number().int(),
});
export type PostponementWindow = z.infer<typeof postponementWindow>;

/**
 * The net of an invoice's rows taxed at one rate and the VAT on it, rounded once per line (decision 093): an
 * invoice whose period straddles a rate change has a line per rate; the lines' nets and VATs add up to the invoice's.
 */
export const invoiceVatLine = z
  .object({
    /** VAT rate per mille: 255 is 25.5 %. */
    vatPermille: z.number().int(),
    netCents: z.number().int(),
    vatCents: z.number().int(),
  })
  .meta({ id: 'InvoiceVatLine' });
export type InvoiceVatLine = z.infer<typeof invoiceVatLine>;

export const invoiceSummary = z
  .object({
    id: z.string(),
    invoiceNumber: z.string(),
    referenceNumber: z.string(),
    issueDate: isoDate,
    dueDate: isoDate,
    originalDueDate: isoDate,
    periodStart: isoDate,
    periodEnd: isoDate,
    /** Euro cents, exact: total = net + vat; net and vat are the sums of the VAT lines'. */
    netCents: z.number().int(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
    /** One line per VAT rate the rows are taxed at, in the order of the days they tax. */
    vatLines: z.array(invoiceVatLine),
    currency: z.literal('EUR'),
    type: invoiceType,
    delivery: invoiceDelivery,
    paymentStatus: invoicePaymentStatus,
    /** Unpaid and past its due date in the site's timezone. */
    overdue: z.boolean(),
    paidAt: z.string().nullable(),
    contract: z.object({ id: z.string(), contractNumber: z.string(), productName: z.string() }),
    utilities: z.array(utility),
    postponement: postponementWindow,
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceRow = z
  .object({
    position: z.number().int(),
    gsrn: z.string(),
    utility: utility,
    componentKind: z.enum(INVOICE_ROW_KINDS),
    unit: z.enum(INVOICE_ROW_UNITS),
    /** Decimal string: kWh with three decimals or a count of months. */
    quantity: z.string(),
    /** Decimal string: euro cents per unit with five decimals. */
    unitPriceCents: z.string(),
    netCents: z.number().int(),
    /** The VAT rate the row is taxed at, per mille: the rate in force on the days it bills. */
    vatPermille: z.number().int(),
  })
  .meta({ id: 'InvoiceRow' });
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const invoiceDetail = invoiceSummary.extend({ rows: z.array(invoiceRow) }).meta({ id: 'Invoice' });
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoiceList = z.object({ invoices: z.array(invoiceSummary), total: z.number().int() }).meta({ id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof invoiceList>;

export const postponeInvoiceRequest = z.object({ dueDate: isoDate });
export type PostponeInvoiceRequest = z.infer<typeof postponeInvoiceRequest>;

/** GET /api/dashboard/invoices: what the dashboard's invoice card shows. */
export const dashboardInvoices = z
  .object({
    unpaidCount: z.number().int(),
    unpaidTotalCents: z.number().int(),
    overdueCount: z.number().int(),
    nextDue: invoiceSummary.nullable(),
    latest: z.array(invoiceSummary),
  })
  .meta({ id: 'DashboardInvoices' });
export type DashboardInvoices = z.infer<typeof dashboardInvoices>;

/**
 * How to pay an invoice (docs/decisions/095): the payee, the accounts, the reference as banks take it and as printed,
 * and for a Finnish account the virtual bar code (pankkiviivakoodi as 54 digits) a bank app takes pasted. `referenceKind`
 * `purpose` means no reference: the transfer's payment purpose carries `reference` (the invoice number).
 */
export const invoicePaymentDetails = z
  .object({
    payee: z.string(),
    accounts: z.array(z.object({ iban: z.string(), bic: z.string() })),
    referenceKind: z.enum(['rf', 'national', 'purpose']),
    reference: z.string(),
    printedReference: z.string(),
    /** Null when paid, when nothing is to be paid, or for an account outside Finland. */
    virtualBarcode: z.string().nullable(),
  })
  .meta({ id: 'InvoicePaymentDetails' });
export type InvoicePaymentDetails = z.infer<typeof invoicePaymentDetails>;

/** GET /api/invoices/{invoiceNumber}: the invoice, its rows and how to pay it (null until the site has payee details). */
export const invoiceWithPayment = invoiceDetail.extend({ payment: invoicePaymentDetails.nullable() }).meta({ id: 'InvoiceWithPayment' });
export type InvoiceWithPayment = z.infer<typeof invoiceWithPayment>;
