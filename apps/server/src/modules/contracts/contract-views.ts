import type { BillingChannels, ContractDetail, ContractSummary } from '@portal/schema/contracts';
import type { BillingChannelKind } from '@portal/schema/enums';
import { divideRounded, priceToScaled, scaledToPrice } from '../invoices/invoice-amounts.ts';
import { statusOn } from './contract-life-cycle.ts';
import type { ContractRow, PriceComponentRow } from './contract-repository.ts';

/** What the customer reads of a contract row: the status as of today (ADR 030), its place and metering point. */
export function contractSummaryOf(row: ContractRow, today: string): ContractSummary {
  const { contract } = row;
  return {
    id: contract.id,
    contractNumber: contract.contractNumber,
    type: contract.type,
    status: statusOn(contract.status, contract.endDate, today, contract.startDate),
    utility: row.utility,
    productName: contract.productName,
    priceType: contract.priceType,
    startDate: contract.startDate,
    endDate: contract.endDate,
    termMonths: contract.termMonths,
    objectId: row.objectId,
    address: { street: row.street, postalCode: row.postalCode, city: row.city, countryCode: row.countryCode },
    meteringPointId: contract.meteringPointId,
    meteringPointCode: row.meteringPointCode,
    moveOutDate: row.moveOut?.endDate ?? null,
  };
}

/** A price with the contract's VAT on top, exactly, five decimals. */
export function withVatPrice(priceCents: string, vatPermille: number): string {
  return scaledToPrice(divideRounded(priceToScaled(priceCents) * BigInt(1000 + vatPermille), 1000n));
}

export function contractDetailOf(row: ContractRow, components: PriceComponentRow[], today: string): ContractDetail {
  const { contract } = row;
  return {
    ...contractSummaryOf(row, today),
    vatPermille: contract.vatPermille,
    signedAt: contract.signedAt?.toISOString() ?? null,
    billing: { channel: contract.billingChannel, target: contract.billingTarget, operator: contract.billingOperator },
    priceComponents: components.map((component) => ({
      ...component,
      priceWithVatCents: withVatPrice(component.priceCents, contract.vatPermille),
    })),
    moveOut: row.moveOut && {
      endDate: row.moveOut.endDate,
      finalInvoiceAddress: {
        street: row.moveOut.street,
        postalCode: row.moveOut.postalCode,
        city: row.moveOut.city,
        countryCode: row.moveOut.countryCode,
      },
      meterReadingKwh: row.moveOut.meterReadingKwh,
      reportedAt: row.moveOut.reportedAt.toISOString(),
    },
  };
}

/**
 * The billing channels a customer may choose (spec §3): e-mail and post for everyone; a bank e-invoice
 * (EInvoiceRequest, by IBAN and bank) for private customers; for companies the Finnish OVT e-invoice address,
 * or the company's bank account (IBAN) in Estonia and Latvia.
 */
export function availableChannels(customerType: 'private' | 'legal', countryCode: string): BillingChannelKind[] {
  if (customerType === 'private') return ['Email', 'Address', 'EInvoiceRequest'];
  return countryCode === 'FI' ? ['Email', 'Address', 'OVT'] : ['Email', 'Address', 'IBAN'];
}

export function billingChannelsOf(row: ContractRow, customerType: 'private' | 'legal', countryCode: string): BillingChannels {
  const { contract } = row;
  return {
    current: { channel: contract.billingChannel, target: contract.billingTarget, operator: contract.billingOperator },
    available: availableChannels(customerType, countryCode),
  };
}
