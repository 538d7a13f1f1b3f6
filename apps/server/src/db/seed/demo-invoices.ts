import { asc, eq, sql } from 'drizzle-orm';
import type { ReferenceKind } from '@portal/schema/payee';
import type { BillingChannelKind, ContractType, CustomerType, OperatingCountryCode, PriceType, Utility } from '@portal/schema/enums';
import { invoice, invoiceRow, invoiceVatLine } from '../schema/billing.ts';
import { contract, meteringPoint, priceComponent } from '../schema/energy.ts';
import { customer } from '../schema/identity.ts';
import { site, sitePayee } from '../schema/sites.ts';
import type { Database } from '../../platform/database.ts';
import { addDays, maxDate, minDate, monthEnd, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { referenceFor } from '../../modules/invoices/reference-number.ts';
import { billPeriod, type Bill } from '../../modules/pricing/bill-period.ts';
import { billedDays } from '../../modules/pricing/billed-days.ts';
import { vatRateRows } from '../../modules/pricing/vat-rate-repository.ts';
import { supplyOf, vatSchedule, type VatRateRow } from '../../modules/pricing/vat-rates.ts';

/** How a month is billed: issued five days after it ends, due three weeks later. */
export const ISSUE_DELAY_DAYS = 5;
export const PAYMENT_TERM_DAYS = 21;
const MONTHS_BACK = 24;

type ContractToBill = {
  id: string;
  siteId: string;
  customerId: string;
  contractNumber: string;
  type: ContractType;
  priceType: PriceType;
  startDate: string;
  endDate: string | null;
  billingChannel: BillingChannelKind;
  meteringPointId: string;
  gsrn: string;
  utility: Utility;
  customerType: CustomerType;
  countryCode: OperatingCountryCode;
  timezone: string;
  /** How the site references its invoices; RF where it has no payee details. */
  referenceKind: ReferenceKind | null;
};

type Plan = { periodStart: string; periodEnd: string; issueDate: string; dueDate: string; bill: Bill };

/**
 * Two years of monthly invoices for every contract that has none yet, billed FROM the metered readings and the
 * contract's price components by the one billing function (modules/pricing/bill-period.ts, decision 094): each day
 * at the VAT rate in force on it, so a month before a change shows the old rate. Run after the energy seed. The
 * latest invoice of each contract is unpaid, and each customer's first contract also has its second-latest invoice
 * unpaid (overdue); the rest were paid a few days before they fell due.
 */
export async function seedDemoInvoices(db: Database, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const contracts: ContractToBill[] = await db
    .select({
      id: contract.id,
      siteId: contract.siteId,
      customerId: contract.customerId,
      contractNumber: contract.contractNumber,
      type: contract.type,
      priceType: contract.priceType,
      startDate: contract.startDate,
      endDate: contract.endDate,
      billingChannel: contract.billingChannel,
      meteringPointId: meteringPoint.id,
      gsrn: meteringPoint.gsrn,
      utility: meteringPoint.utility,
      customerType: customer.type,
      countryCode: site.countryCode,
      timezone: site.timezone,
      referenceKind: sitePayee.referenceKind,
    })
    .from(contract)
    .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
    .innerJoin(customer, eq(customer.id, contract.customerId))
    .innerJoin(site, eq(site.id, contract.siteId))
    .leftJoin(sitePayee, eq(sitePayee.siteId, contract.siteId))
    .where(sql`not exists (select 1 from ${invoice} where ${invoice.contractId} = ${contract.id})`)
    .orderBy(asc(contract.customerId), asc(contract.startDate), asc(contract.id));

  const rates = contracts.length > 0 ? await vatRateRows(db) : [];
  const contractIndexOfCustomer = new Map<string, number>();
  let created = 0;
  for (const billed of contracts) {
    // Counted among the customer's contracts only once it has invoices: an old contract that ended before the
    // readings begin gets none and does not move the overdue invoice off the customer's first billed contract.
    const index = contractIndexOfCustomer.get(billed.customerId) ?? 0;
    const made = await seedContractInvoices(db, billed, rates, index, now);
    if (made > 0) contractIndexOfCustomer.set(billed.customerId, index + 1);
    created += made;
  }
  return created;
}

async function seedContractInvoices(
  db: Database,
  billed: ContractToBill,
  rates: readonly VatRateRow[],
  indexOfCustomer: number,
  now: Date,
): Promise<number> {
  const today = todayIn(billed.timezone, now);
  const firstMonth = monthStart(today, -MONTHS_BACK);
  // Ended before the months billed, or not begun: nothing to bill, now or at any later start (which finds it again,
  // having no invoices), so not worth a scan of its readings each time the server starts.
  if ((billed.endDate && billed.endDate < firstMonth) || billed.startDate > today) return 0;
  const components = await db
    .select({
      kind: priceComponent.kind,
      unit: priceComponent.unit,
      priceCents: priceComponent.priceCents,
      thresholdKw: priceComponent.thresholdKw,
      validFrom: priceComponent.validFrom,
      validTo: priceComponent.validTo,
    })
    .from(priceComponent)
    .where(eq(priceComponent.contractId, billed.id));
  const days =
    (
      await billedDays(db, { contractIds: [billed.id], from: firstMonth, to: addDays(monthStart(today), -1), timezone: billed.timezone })
    ).get(billed.id) ?? [];
  const vat = vatSchedule(rates, {
    countryCode: billed.countryCode,
    utility: billed.utility,
    supply: supplyOf(billed.type),
    customerType: billed.customerType,
  });
  const delivery = billed.billingChannel === 'Address' ? 'postal' : 'email';
  const type = billed.customerType === 'legal' ? 'E-Invoice' : 'Regular';

  const planned: Plan[] = [];
  for (let offset = -MONTHS_BACK; offset < 0; offset++) {
    const month = monthStart(today, offset);
    const issueDate = addDays(monthEnd(month), ISSUE_DELAY_DAYS);
    if (issueDate > today) continue;
    // The contract's own days of the month: a contract that starts or ends within it is billed for those days.
    const periodStart = maxDate(month, billed.startDate);
    const periodEnd = billed.endDate ? minDate(monthEnd(month), billed.endDate) : monthEnd(month);
    if (periodStart > periodEnd) continue;
    const used = days.filter((day) => day.date >= periodStart && day.date <= periodEnd);
    if (used.length === 0) continue;
    const bill = billPeriod({
      from: periodStart,
      to: periodEnd,
      priceType: billed.priceType,
      components,
      billingChannel: billed.billingChannel,
      vat,
      days: used,
    });
    if (bill.rows.length === 0) continue;
    planned.push({ periodStart, periodEnd, issueDate, dueDate: addDays(issueDate, PAYMENT_TERM_DAYS), bill });
  }

  await db.transaction(async (tx) => {
    for (const [position, plan] of planned.entries()) {
      const fromEnd = planned.length - 1 - position;
      const unpaid = fromEnd === 0 || (fromEnd === 1 && indexOfCustomer === 0);
      const yearMonth = `${plan.periodStart.slice(0, 4)}${plan.periodStart.slice(5, 7)}`;
      const [inserted] = await tx
        .insert(invoice)
        .values({
          siteId: billed.siteId,
          customerId: billed.customerId,
          contractId: billed.id,
          invoiceNumber: `${billed.contractNumber}-${yearMonth}`,
          referenceNumber: referenceFor(
            billed.referenceKind ?? 'rf',
            `${billed.contractNumber.replace(/\D/g, '').slice(-10)}${yearMonth}`,
            `${billed.contractNumber}-${yearMonth}`,
          ),
          issueDate: plan.issueDate,
          dueDate: plan.dueDate,
          originalDueDate: plan.dueDate,
          periodStart: plan.periodStart,
          periodEnd: plan.periodEnd,
          netCents: plan.bill.netCents,
          vatCents: plan.bill.vatCents,
          totalCents: plan.bill.totalCents,
          type,
          delivery,
          paymentStatus: unpaid ? 'unpaid' : 'paid',
          paidAt: unpaid ? null : new Date(`${addDays(plan.dueDate, -3 - (position % 5))}T09:30:00Z`),
        })
        .onConflictDoNothing()
        .returning({ id: invoice.id });
      if (!inserted) continue;
      await tx.insert(invoiceRow).values(
        plan.bill.rows.map((row, rowIndex) => ({
          invoiceId: inserted.id,
          position: rowIndex + 1,
          meteringPointId: billed.meteringPointId,
          gsrn: billed.gsrn,
          utility: billed.utility,
          ...row,
        })),
      );
      await tx
        .insert(invoiceVatLine)
        .values(plan.bill.vatLines.map((line, lineIndex) => ({ invoiceId: inserted.id, position: lineIndex + 1, ...line })));
    }
  });
  return planned.length;
}
