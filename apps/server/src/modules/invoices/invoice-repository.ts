import { and, asc, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { InvoiceDetail, InvoiceRow, InvoiceSort, InvoiceStatusFilter, InvoiceSummary } from '@portal/schema/invoices';
import { invoice, invoicePostponement, invoiceRow } from '../../db/schema/billing.ts';
import { contract } from '../../db/schema/energy.ts';
import type { Database } from '../../platform/database.ts';
import { postponementWindow, type PostponementFacts } from './invoice-postponement.ts';

/** Rule 1: every query here is scoped by the actor's site and customer; nothing is found by id alone. */
export type InvoiceScope = {
  siteId: string;
  customerId: string;
  /** Today in the site's timezone: decides what is overdue and what may still be postponed. */
  today: string;
  advancedPostponement: boolean;
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

const postponementsUsed = sql<number>`(select count(*)::int from ${invoicePostponement} where ${invoicePostponement.invoiceId} = ${invoice.id})`;
const nextInvoiceDueDate = sql<string | null>`(
  select min(next.due_date)::text from ${invoice} as next
  where next.contract_id = ${invoice.contractId} and next.period_start > ${invoice.periodStart}
)`;
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
};

type SummaryRow = {
  invoice: typeof invoice.$inferSelect;
  contractNumber: string;
  productName: string;
  postponementsUsed: number;
  nextInvoiceDueDate: string | null;
  utilities: string[];
};

function factsOf(row: SummaryRow, scope: InvoiceScope): PostponementFacts {
  return {
    paymentStatus: row.invoice.paymentStatus as PostponementFacts['paymentStatus'],
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
  const paymentStatus = found.paymentStatus as InvoiceSummary['paymentStatus'];
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
    vatPermille: found.vatPermille,
    currency: 'EUR',
    type: found.type as InvoiceSummary['type'],
    delivery: found.delivery as InvoiceSummary['delivery'],
    paymentStatus,
    overdue: paymentStatus === 'unpaid' && found.dueDate < scope.today,
    paidAt: found.paidAt?.toISOString() ?? null,
    contract: { id: found.contractId, contractNumber: row.contractNumber, productName: row.productName },
    utilities: row.utilities as InvoiceSummary['utilities'],
    postponement: postponementWindow(factsOf(row, scope)),
  };
}

const ownedBy = (scope: InvoiceScope) => and(eq(invoice.siteId, scope.siteId), eq(invoice.customerId, scope.customerId));

function statusCondition(status: InvoiceStatusFilter | undefined, today: string): SQL | undefined {
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

function toRow(row: typeof invoiceRow.$inferSelect): InvoiceRow {
  return {
    position: row.position,
    gsrn: row.gsrn,
    utility: row.utility as InvoiceRow['utility'],
    componentKind: row.componentKind as InvoiceRow['componentKind'],
    unit: row.unit as InvoiceRow['unit'],
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    netCents: row.netCents,
  };
}

export function createInvoiceRepository(db: Database) {
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

  async function rowsOf(executor: Executor, invoiceId: string): Promise<InvoiceRow[]> {
    const rows = await executor.select().from(invoiceRow).where(eq(invoiceRow.invoiceId, invoiceId)).orderBy(asc(invoiceRow.position));
    return rows.map(toRow);
  }

  return {
    async list(scope: InvoiceScope, query: { type?: InvoiceStatusFilter; sort: InvoiceSort; page: number; pageSize: number }) {
      const where = statusCondition(query.type, scope.today);
      const [invoices, [totalRow]] = await Promise.all([
        summaries(db, scope, where, ORDER[query.sort], query.pageSize, (query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(invoice).where(and(ownedBy(scope), where)),
      ]);
      return { invoices, total: Number(totalRow?.total ?? 0) };
    },

    async findByNumber(scope: InvoiceScope, invoiceNumber: string): Promise<InvoiceDetail | null> {
      const [found] = await summaries(db, scope, eq(invoice.invoiceNumber, invoiceNumber), ORDER['-dueDate'], 1);
      return found ? { ...found, rows: await rowsOf(db, found.id) } : null;
    },

    async findById(scope: InvoiceScope, id: string): Promise<InvoiceDetail | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [found] = await summaries(db, scope, eq(invoice.id, id), ORDER['-dueDate'], 1);
      return found ? { ...found, rows: await rowsOf(db, found.id) } : null;
    },

    async dashboard(scope: InvoiceScope) {
      const [totals] = await db
        .select({
          unpaidCount: sql<number>`count(*) filter (where ${invoice.paymentStatus} = 'unpaid')::int`,
          unpaidTotalCents: sql<number>`coalesce(sum(${invoice.totalCents}) filter (where ${invoice.paymentStatus} = 'unpaid'), 0)::bigint`,
          overdueCount: sql<number>`count(*) filter (where ${invoice.paymentStatus} = 'unpaid' and ${invoice.dueDate} < ${scope.today})::int`,
        })
        .from(invoice)
        .where(ownedBy(scope));
      const [nextDue] = await summaries(db, scope, eq(invoice.paymentStatus, 'unpaid'), ORDER.dueDate, 1);
      const latest = await summaries(db, scope, undefined, ORDER['-issueDate'], 3);
      return {
        unpaidCount: Number(totals?.unpaidCount ?? 0),
        unpaidTotalCents: Number(totals?.unpaidTotalCents ?? 0),
        overdueCount: Number(totals?.overdueCount ?? 0),
        nextDue: nextDue ?? null,
        latest,
      };
    },

    /**
     * Rule 3: the check and the write happen in one transaction on a locked invoice row, so two
     * postponements sent at once cannot both pass the once-per-invoice rule.
     */
    async postpone(
      scope: InvoiceScope,
      invoiceNumber: string,
      decide: (facts: PostponementFacts) => void,
      change: { dueDate: string; personId: string },
    ): Promise<InvoiceSummary | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: invoice.id })
          .from(invoice)
          .where(and(ownedBy(scope), eq(invoice.invoiceNumber, invoiceNumber)))
          .for('update');
        if (!locked) return null;
        const [current] = await summaryRows(tx, scope, eq(invoice.id, locked.id), ORDER['-dueDate'], 1);
        decide(factsOf(current!, scope));
        await tx.insert(invoicePostponement).values({
          invoiceId: locked.id,
          previousDueDate: current!.invoice.dueDate,
          newDueDate: change.dueDate,
          personId: change.personId,
        });
        await tx.update(invoice).set({ dueDate: change.dueDate }).where(eq(invoice.id, locked.id));
        const [updated] = await summaries(tx, scope, eq(invoice.id, locked.id), ORDER['-dueDate'], 1);
        return updated!;
      });
    },
  };
}
export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
