import { and, asc, count, desc, eq, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { InvoiceDetail, InvoiceRow, InvoiceSort, InvoiceStatusFilter, InvoiceSummary } from '@portal/schema/invoices';
import { invoice, invoicePostponement, invoiceRow, invoiceVatLine } from '../../db/schema/billing.ts';
import { contract } from '../../db/schema/energy.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
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
  invoice: typeof invoice.$inferSelect;
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

  /**
   * The dashboard's invoices in one statement (decision 135): the latest three and the unpaid one due first, each
   * marked, with the customer's totals over all of their invoices beside them (no row: no invoice).
   */
  async dashboard(executor: Executor, scope: InvoiceScope) {
    const unpaid = sql`${invoice.paymentStatus} = 'unpaid'`;
    const ids = (where: SQL | undefined, order: SQL[], limit: number) =>
      executor
        .select({ id: invoice.id })
        .from(invoice)
        .innerJoin(contract, eq(contract.id, invoice.contractId))
        .where(and(ownedBy(scope), where))
        .orderBy(...order)
        .limit(limit);
    const latest = ids(undefined, ORDER['-issueDate'], 3);
    const nextDue = ids(unpaid, ORDER.dueDate, 1);
    const totals = executor
      .select({
        totals: sql`json_build_object(
          'unpaidCount', count(*) filter (where ${unpaid}),
          'unpaidTotalCents', coalesce(sum(${invoice.totalCents}) filter (where ${unpaid}), 0),
          'overdueCount', count(*) filter (where ${unpaid} and ${invoice.dueDate} < ${scope.today}))`,
      })
      .from(invoice)
      .innerJoin(contract, eq(contract.id, invoice.contractId))
      .where(ownedBy(scope));
    const rows = (await executor
      .select({
        ...summaryColumns,
        isLatest: sql<boolean>`${invoice.id} in ${latest}`,
        isNextDue: sql<boolean>`${invoice.id} in ${nextDue}`,
        totals: sql<{ unpaidCount: number; unpaidTotalCents: number | string; overdueCount: number }>`${totals}`,
      })
      .from(invoice)
      .innerJoin(contract, eq(contract.id, invoice.contractId))
      .where(and(ownedBy(scope), or(inArray(invoice.id, latest), inArray(invoice.id, nextDue))))
      .orderBy(...ORDER['-issueDate'])) as (SummaryRow & { isLatest: boolean; isNextDue: boolean; totals: Record<string, unknown> })[];
    const totalsOf = rows[0]?.totals;
    const next = rows.find((row) => row.isNextDue);
    return {
      unpaidCount: Number(totalsOf?.unpaidCount ?? 0),
      unpaidTotalCents: Number(totalsOf?.unpaidTotalCents ?? 0),
      overdueCount: Number(totalsOf?.overdueCount ?? 0),
      nextDue: next ? toSummary(next, scope) : null,
      latest: rows.filter((row) => row.isLatest).map((row) => toSummary(row, scope)),
    };
  },

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
