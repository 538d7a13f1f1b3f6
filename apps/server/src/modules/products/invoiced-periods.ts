import { and, eq, gte, lte } from 'drizzle-orm';
import type { ContractType } from '@portal/schema/enums';
import { invoice } from '../../db/schema/billing.ts';
import { contract } from '../../db/schema/energy.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';

export type InvoicedPeriod = { periodStart: string; periodEnd: string; totalCents: number; contractType: ContractType };

/**
 * The customer's invoices of one metering point whose billing periods lie within [from, to], with their totals (VAT
 * included) and the type of the contract billed; rule 1: scoped by site and customer on the invoice and the contract.
 */
export async function invoicedPeriods(
  executor: Executor,
  scope: CustomerScope,
  meteringPointId: string,
  span: { from: string; to: string },
): Promise<InvoicedPeriod[]> {
  return executor
    .select({
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      totalCents: invoice.totalCents,
      contractType: contract.type,
    })
    .from(invoice)
    .innerJoin(contract, eq(contract.id, invoice.contractId))
    .where(
      and(
        eq(invoice.siteId, scope.siteId),
        eq(invoice.customerId, scope.customerId),
        eq(contract.siteId, scope.siteId),
        eq(contract.customerId, scope.customerId),
        eq(contract.meteringPointId, meteringPointId),
        gte(invoice.periodStart, span.from),
        lte(invoice.periodEnd, span.to),
      ),
    );
}
