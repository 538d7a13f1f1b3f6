import { and, asc, count, desc, eq, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type {
  DashboardInvoices,
  InvoiceDetail,
  InvoiceRow,
  InvoiceSort,
  InvoiceStatusFilter,
  InvoiceSummary,
} from '@portal/schema/invoices';
import { invoice, invoicePostponement, invoiceRow, invoiceVatLine } from '../../db/schema/billing.ts';
import { contract } from '../../db/schema/energy.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import { readAlone, type Read } from '../../platform/reads-together.ts';
import { postponementWindow, type PostponementFacts } from './invoice-postponement.ts';

/** Rule 1: every query here is scoped by the actor's site and customer; nothing is found by id alone. */
export type InvoiceScope = {
  siteId: string;
  customerId: string;
  /** Today in the site's timezone: decides what is overdue and what may still be postponed. */
  today: string;
  advancedPostponement: boolean;
};

const postponementsUsed = sql<number>`(select count(*)::int from ${invoicePostponement} where ${invoicePostponement.invoiceId} = ${invoice.id})`;
const nextInvoiceDueDate = sql<string | null>`(
  select min(next.due_date)::text from ${invoice} as next
  where next.contract_id = ${invoice.contractId} and next.period_start > ${invoice.periodStart}
)`;
const vatLines = sql<{ vatPermille: number; netCents: number | string; vatCents: number | string }[] | string>`coalesce((
  select json_agg(json_build_object('vatPermille', ${invoiceVatLine.vatPermille}, 'netCents', ${invoiceVatLine.netCents}, 'vatCents', ${invoiceVatLine.vatCents})
                  order by ${invoiceVatLine.position})
  from ${invoiceVatLine} where ${invoiceVatLine.invoiceId} = ${invoice.id}
), '[]')`;
const utilities = sql<string[]>`coalesce((
  select array_agg(distinct ${invoiceRow.utility} order by ${invoiceRow.utility}) from ${invoiceRow} where ${invoiceRow.invoiceId} = ${invoice.id}
), '{}')`;

const summaryColumns = {
  invoice,
  contractNumber: contract.contractNumber,
  productName: contract.productName,
  postponementsUsed,
  nextInvoiceDueDate,
  utilities,
  vatLines,
};

type SummaryRow = {
  /** What a summary shows of the invoice row (the list reads it whole). */
  invoice: Omit<typeof invoice.$inferSelect, 'siteId' | 'customerId' | 'currency' | 'createdAt'>;
  contractNumber: string;
  productName: string;
  postponementsUsed: number;
  nextInvoiceDueDate: string | null;
  utilities: string[];
  vatLines: { vatPermille: number; netCents: number | string; vatCents: number | string }[] | string;
};

function factsOf(row: SummaryRow, scope: InvoiceScope): PostponementFacts {
  return {
    paymentStatus: row.invoice.paymentStatus,
    dueDate: row.invoice.dueDate,
    originalDueDate: row.invoice.originalDueDate,
    postponementsUsed: Number(row.postponementsUsed),
    nextInvoiceDueDate: row.nextInvoiceDueDate,
    today: scope.today,
    advanced: scope.advancedPostponement,
  };
}

function toSummary(row: SummaryRow, scope: InvoiceScope): InvoiceSummary {
  const found = row.invoice;
  const paymentStatus = found.paymentStatus;
  return {
    id: found.id,
    invoiceNumber: found.invoiceNumber,
    referenceNumber: found.referenceNumber,
    issueDate: found.issueDate,
    dueDate: found.dueDate,
    originalDueDate: found.originalDueDate,
    periodStart: found.periodStart,
    periodEnd: found.periodEnd,
    netCents: found.netCents,
    vatCents: found.vatCents,
    totalCents: found.totalCents,
    vatLines: (typeof row.vatLines === 'string' ? (JSON.parse(row.vatLines) as Exclude<SummaryRow['vatLines'], string>) : row.vatLines).map(
      (line) => ({ vatPermille: Number(line.vatPermille), netCents: Number(line.netCents), vatCents: Number(line.vatCents) }),
    ),
    currency: 'EUR',
    type: found.type,
    delivery: found.delivery,
    paymentStatus,
    overdue: paymentStatus === 'unpaid' && found.dueDate < scope.today,
    paidAt: found.paidAt?.toISOString() ?? null,
    contract: { id: found.contractId, contractNumber: row.contractNumber, productName: row.productName },
    utilities: row.utilities as InvoiceSummary['utilities'],
    postponement: postponementWindow(factsOf(row, scope)),
  };
}

/**
 * The dashboard's invoices as one read (decisions 135 and 136): the latest three by issue date and the unpaid one due
 * first, each marked, with the customer's totals over all of their invoices on every row (no row: no invoice).
 */
function dashboardRead(scope: InvoiceScope): Read<DashboardInvoices> {
  const owned = sql`invoice.site_id = ${scope.siteId} and invoice.customer_id = ${scope.customerId}`;
  const mine = sql`invoice join contract on contract.id = invoice.contract_id where ${owned}`;
  const latest = sql`(select invoice.id from ${mine} order by invoice.issue_date desc, invoice.id desc limit 3)`;
  const nextDue = sql`(select invoice.id from ${mine} and invoice.payment_status = 'unpaid' order by invoice.due_date, invoice.id limit 1)`;
  return {
    sql: sql`select invoice.id, invoice.invoice_number, invoice.reference_number, invoice.issue_date::text as issue_date,
                    invoice.due_date::text as due_date, invoice.original_due_date::text as original_due_date,
                    invoice.period_start::text as period_start, invoice.period_end::text as period_end, invoice.net_cents,
                    invoice.vat_cents, invoice.total_cents, invoice.type, invoice.delivery, invoice.payment_status,
                    invoice.paid_at, invoice.contract_id, contract.contract_number, contract.product_name,
                    ${postponementsUsed} as postponements_used, ${nextInvoiceDueDate} as next_invoice_due_date,
                    ${utilities} as utilities, ${vatLines} as vat_lines,
                    invoice.id in ${latest} as is_latest, invoice.id in ${nextDue} as is_next_due,
                    row_number() over (order by invoice.issue_date desc, invoice.id desc) as position,
                    (select json_build_object(
                       'unpaidCount', count(*) filter (where invoice.payment_status = 'unpaid'),
                       'unpaidTotalCents', coalesce(sum(invoice.total_cents) filter (where invoice.payment_status = 'unpaid'), 0),
                       'overdueCount', count(*) filter (where invoice.payment_status = 'unpaid' and invoice.due_date < ${scope.today}::date))
                     from ${mine}) as totals
             from ${mine} and (invoice.id in ${latest} or invoice.id in ${nextDue})`,
    orderBy: ['position'],
    decode: (rows) => {
      const summaries = rows.map((row) => ({
        isLatest: row.is_latest as boolean,
        isNextDue: row.is_next_due as boolean,
        summary: toSummary(
          {
            invoice: {
              id: row.id as string,
              invoiceNumber: row.invoice_number as string,
              referenceNumber: row.reference_number as string,
              issueDate: row.issue_date as string,
              dueDate: row.due_date as string,
              originalDueDate: row.original_due_date as string,
              periodStart: row.period_start as string,
              periodEnd: row.period_end as string,
              netCents: Number(row.net_cents),
              vatCents: Number(row.vat_cents),
              totalCents: Number(row.total_cents),
              type: row.type as SummaryRow['invoice']['type'],
              delivery: row.delivery as SummaryRow['invoice']['delivery'],
              paymentStatus: row.payment_status as SummaryRow['invoice']['paymentStatus'],
              paidAt: row.paid_at === null ? null : new Date(row.paid_at as string | Date),
              contractId: row.contract_id as string,
            },
            contractNumber: row.contract_number as string,
            productName: row.product_name as string,
            postponementsUsed: Number(row.postponements_used),
            nextInvoiceDueDate: row.next_invoice_due_date as string | null,
            utilities: row.utilities as string[],
            vatLines: row.vat_lines as SummaryRow['vatLines'],
          },
          scope,
        ),
      }));
      const totals = (rows[0]?.totals ?? {}) as { unpaidCount?: number; unpaidTotalCents?: number | string; overdueCount?: number };
      return {
        unpaidCount: Number(totals.unpaidCount ?? 0),
        unpaidTotalCents: Number(totals.unpaidTotalCents ?? 0),
        overdueCount: Number(totals.overdueCount ?? 0),
        nextDue: summaries.find((row) => row.isNextDue)?.summary ?? null,
        latest: summaries.filter((row) => row.isLatest).map((row) => row.summary),
      };
    },
  };
}

const ownedBy = (scope: InvoiceScope) => and(eq(invoice.siteId, scope.siteId), eq(invoice.customerId, scope.customerId));

function statusCondition(status: InvoiceStatusFilter | undefined, today: string | Placeholder): SQL | undefined {
  switch (status) {
    case 'paid':
      return eq(invoice.paymentStatus, 'paid');
    case 'unpaid':
      return eq(invoice.paymentStatus, 'unpaid');
    case 'overdue':
      return and(eq(invoice.paymentStatus, 'unpaid'), lt(invoice.dueDate, today));
    default:
      return undefined;
  }
}

const ORDER: Record<InvoiceSort, SQL[]> = {
  '-dueDate': [desc(invoice.dueDate), desc(invoice.id)],
  dueDate: [asc(invoice.dueDate), asc(invoice.id)],
  '-issueDate': [desc(invoice.issueDate), desc(invoice.id)],
  issueDate: [asc(invoice.issueDate), asc(invoice.id)],
  '-total': [desc(invoice.totalCents), desc(invoice.id)],
  total: [asc(invoice.totalCents), asc(invoice.id)],
};

/**
 * An invoice's rows as a column of its summary, in position order, so an invoice is read in one statement (decision
 * 135): quantities and unit prices as text, the exact decimals drizzle reads from `numeric`.
 */
const rowsColumn = sql<InvoiceRow[]>`coalesce((
  select json_agg(json_build_object('position', r.position, 'gsrn', r.gsrn, 'utility', r.utility,
    'componentKind', r.component_kind, 'unit', r.unit, 'quantity', r.quantity::text, 'unitPriceCents', r.unit_price_cents::text,
    'netCents', r.net_cents, 'vatPermille', r.vat_permille) order by r.position)
  from ${invoiceRow} r where r.invoice_id = ${invoice.id}), '[]')`;

type ListStatement = ReturnType<typeof prepareList>;

/**
 * The list's page with its count, one statement (docs/decisions/080): the window counts before LIMIT applies.
 * One prepared statement per order and filter, built once per executor it runs on (the server copy's database):
 * a prepared statement belongs to the executor it was built on, and PostgreSQL plans it once per connection.
 */
const listStatements = new WeakMap<Executor, Map<string, ListStatement>>();
function prepareList(executor: Executor, sort: InvoiceSort, type: InvoiceStatusFilter | undefined) {
  return executor
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()` })
    .from(invoice)
    .innerJoin(contract, eq(contract.id, invoice.contractId))
    .where(
      and(
        eq(invoice.siteId, sql.placeholder('siteId')),
        eq(invoice.customerId, sql.placeholder('customerId')),
        statusCondition(type, sql.placeholder('today')),
      ),
    )
    .orderBy(...ORDER[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`invoice_list_${sort.replace('-', 'desc_')}_${type ?? 'all'}`);
}
function listStatement(executor: Executor, sort: InvoiceSort, type: InvoiceStatusFilter | undefined): ListStatement {
  let kept = listStatements.get(executor);
  if (!kept) {
    kept = new Map();
    listStatements.set(executor, kept);
  }
  const key = `${sort}:${type ?? 'all'}`;
  let prepared = kept.get(key);
  if (!prepared) {
    prepared = prepareList(executor, sort, type);
    kept.set(key, prepared);
  }
  return prepared;
}

async function summaryRows(executor: Executor, scope: InvoiceScope, where: SQL | undefined, order: SQL[], limit?: number, offset = 0) {
  const query = executor
    .select(summaryColumns)
    .from(invoice)
    .innerJoin(contract, eq(contract.id, invoice.contractId))
    .where(and(ownedBy(scope), where))
    .orderBy(...order)
    .offset(offset);
  return (limit === undefined ? await query : await query.limit(limit)) as SummaryRow[];
}

async function summaries(executor: Executor, scope: InvoiceScope, where: SQL | undefined, order: SQL[], limit?: number, offset = 0) {
  const rows = await summaryRows(executor, scope, where, order, limit, offset);
  return rows.map((row) => toSummary(row, scope));
}

/** One invoice of the scope with its rows, or null (findByNumber, findById). */
async function detail(executor: Executor, scope: InvoiceScope, where: SQL): Promise<InvoiceDetail | null> {
  const [found] = (await executor
    .select({ ...summaryColumns, rows: rowsColumn })
    .from(invoice)
    .innerJoin(contract, eq(contract.id, invoice.contractId))
    .where(and(ownedBy(scope), where))
    .orderBy(...ORDER['-dueDate'])
    .limit(1)) as (SummaryRow & { rows: InvoiceRow[] })[];
  return found ? { ...toSummary(found, scope), rows: found.rows } : null;
}

/** A customer's invoices, their rows and postponements; every read is scoped by the invoice scope (rule 1). */
export const invoiceRepository = {
  async list(
    executor: Executor,
    scope: InvoiceScope,
    query: { type?: InvoiceStatusFilter; sort: InvoiceSort; page: number; pageSize: number },
  ) {
    const offset = (query.page - 1) * query.pageSize;
    const rows = (await listStatement(executor, query.sort, query.type).execute({
      siteId: scope.siteId,
      customerId: scope.customerId,
      today: scope.today,
      limit: query.pageSize,
      offset,
    })) as (SummaryRow & { total: number })[];
    const invoices = rows.map((row) => toSummary(row, scope));
    if (rows.length > 0 || offset === 0) return { invoices, total: Number(rows[0]?.total ?? 0) };
    // A page past the end has no row to carry the count.
    const [totalRow] = await executor
      .select({ total: count() })
      .from(invoice)
      .where(and(ownedBy(scope), statusCondition(query.type, scope.today)));
    return { invoices, total: Number(totalRow?.total ?? 0) };
  },

  async findByNumber(executor: Executor, scope: InvoiceScope, invoiceNumber: string): Promise<InvoiceDetail | null> {
    return detail(executor, scope, eq(invoice.invoiceNumber, invoiceNumber));
  },

  async findById(executor: Executor, scope: InvoiceScope, id: string): Promise<InvoiceDetail | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return detail(executor, scope, eq(invoice.id, id));
  },

  /** The dashboard's invoices (`dashboardRead`). */
  dashboard: (executor: Executor, scope: InvoiceScope): Promise<DashboardInvoices> => readAlone(executor, dashboardRead(scope)),

  /**
   * Locks an invoice of the scope for a change and reads what the postponement rules need (rule 3: the
   * caller's transaction holds the lock until it commits, so two changes at once cannot both pass a rule).
   */
  async lockForChange(tx: Transaction, scope: InvoiceScope, invoiceNumber: string) {
    const [locked] = await tx
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(ownedBy(scope), eq(invoice.invoiceNumber, invoiceNumber)))
      .for('update');
    if (!locked) return null;
    const [current] = await summaryRows(tx, scope, eq(invoice.id, locked.id), ORDER['-dueDate'], 1);
    return { id: locked.id, dueDate: current!.invoice.dueDate, facts: factsOf(current!, scope) };
  },

  async moveDueDate(tx: Transaction, change: { invoiceId: string; previousDueDate: string; dueDate: string; personId: string }) {
    await tx.insert(invoicePostponement).values({
      invoiceId: change.invoiceId,
      previousDueDate: change.previousDueDate,
      newDueDate: change.dueDate,
      personId: change.personId,
    });
    await tx.update(invoice).set({ dueDate: change.dueDate }).where(eq(invoice.id, change.invoiceId));
  },

  async summaryById(executor: Executor, scope: InvoiceScope, id: string): Promise<InvoiceSummary | null> {
    const [found] = await summaries(executor, scope, eq(invoice.id, id), ORDER['-dueDate'], 1);
    return found ?? null;
  },
};
