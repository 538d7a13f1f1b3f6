import { and, eq, inArray } from 'drizzle-orm';
import type { OperatingCountryCode } from '@portal/schema/enums';
import type { PayeeDetails } from '@portal/schema/payee';
import { contract, meteringPoint, supplyObject } from '../../db/schema/energy.ts';
import { customer } from '../../db/schema/identity.ts';
import { customerAddress } from '../../db/schema/settings.ts';
import { site, sitePayee } from '../../db/schema/sites.ts';
import type { Executor } from '../../platform/database.ts';
import { payeeDetailsOf } from './payee-repository.ts';

export type PostalAddress = { street: string; postalCode: string; city: string; countryCode: string };

/** Who sells and is paid: the site's payee details (null until an administrator saves them) and its country. */
export type InvoiceSeller = { companyName: string; countryCode: OperatingCountryCode; payee: PayeeDetails | null };

/** Who buys: the acting customer, their business ID when a company, and the address the invoice goes to. */
export type InvoiceBuyer = { name: string; clientCode: string; businessId: string | null; address: PostalAddress | null };

/**
 * The two parties a VAT invoice names (EU VAT Directive 2006/112/EC art. 226 (5): the names and addresses of the
 * supplier and the customer). The buyer's address is the billing address they keep, else their postal address, else
 * the address of the place the invoice's contract supplies; every statement is scoped by the site and the customer.
 */
export async function invoiceParties(
  executor: Executor,
  scope: { siteId: string; customerId: string },
  contractId: string,
): Promise<{ seller: InvoiceSeller; buyer: InvoiceBuyer }> {
  const [seller, buyer] = await Promise.all([invoiceSeller(executor, scope.siteId), invoiceBuyer(executor, scope, contractId)]);
  return { seller, buyer };
}

/** The site's name, country and payee details. */
export async function invoiceSeller(executor: Executor, siteId: string): Promise<InvoiceSeller> {
  // The site with its payee row in one statement (decision 135); no payee row yet: `payee` is null.
  const [siteRow] = await executor
    .select({ companyName: site.companyName, countryCode: site.countryCode, payee: sitePayee })
    .from(site)
    .leftJoin(sitePayee, eq(sitePayee.siteId, site.id))
    .where(eq(site.id, siteId));
  if (!siteRow) throw new Error('invoice seller: the site is gone');
  const { payee, ...seller } = siteRow;
  return { ...seller, payee: payee ? payeeDetailsOf(payee) : null };
}

async function invoiceBuyer(executor: Executor, scope: { siteId: string; customerId: string }, contractId: string): Promise<InvoiceBuyer> {
  const [buyerRow] = await executor
    .select({ name: customer.name, clientCode: customer.clientCode, type: customer.type, businessCode: customer.businessCode })
    .from(customer)
    .where(and(eq(customer.id, scope.customerId), eq(customer.siteId, scope.siteId)));
  if (!buyerRow) throw new Error('invoice buyer: the customer is gone');
  const kept = await executor
    .select({
      kind: customerAddress.requestType,
      street: customerAddress.street,
      postalCode: customerAddress.postalCode,
      city: customerAddress.city,
      countryCode: customerAddress.countryCode,
    })
    .from(customerAddress)
    .where(
      and(
        eq(customerAddress.siteId, scope.siteId),
        eq(customerAddress.customerId, scope.customerId),
        inArray(customerAddress.requestType, ['billing', 'postal']),
      ),
    );
  const [place] = await executor
    .select({
      street: supplyObject.street,
      postalCode: supplyObject.postalCode,
      city: supplyObject.city,
      countryCode: supplyObject.countryCode,
    })
    .from(contract)
    .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
    .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
    .where(and(eq(contract.id, contractId), eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId)));
  const billing = kept.find((address) => address.kind === 'billing') ?? kept.find((address) => address.kind === 'postal');
  const address = billing
    ? { street: billing.street, postalCode: billing.postalCode, city: billing.city, countryCode: billing.countryCode }
    : (place ?? null);
  return {
    name: buyerRow.name,
    clientCode: buyerRow.clientCode,
    businessId: buyerRow.type === 'legal' ? buyerRow.businessCode : null,
    address,
  };
}
