import type { BillingChannels, ContractDetail, ContractSummary } from '@portal/schema/contracts';
import type { BillingChannelKind } from '@portal/schema/enums';
import { maxDate } from '@portal/schema/calendar-dates';
import { divideRounded, priceToScaled, scaledToPrice } from '../../platform/exact-money.ts';
import { supplyOf, vatPermilleOn, vatSchedule, type VatRateRow } from '../pricing/vat-rates.ts';
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

/** A price with VAT at a rate (per mille) on top, exactly, five decimals. */
export function withVatPrice(priceCents: string, vatPermille: number): string {
  return scaledToPrice(divideRounded(priceToScaled(priceCents) * BigInt(1000 + vatPermille), 1000n));
}

/**
 * The contract with its prices, VAT included at the rate in force on its VAT day (decision 093): today, or its start
 * when that lies ahead. A price not valid that day shows the rate of the nearest day it is valid.
 */
export function contractDetailOf(
  row: ContractRow,
  components: PriceComponentRow[],
  today: string,
  rates: readonly VatRateRow[],
): ContractDetail {
  const { contract } = row;
  const vat = vatSchedule(rates, {
    countryCode: row.siteCountryCode,
    utility: row.utility,
    supply: supplyOf(contract.type),
    customerType: row.customerType,
  });
  const vatDate = maxDate(today, contract.startDate);
  const vatPermille = vatPermilleOn(vat, vatDate);
  return {
    ...contractSummaryOf(row, today),
    vatPermille,
    vatDate,
    signedAt: contract.signedAt?.toISOString() ?? null,
    billing: { channel: contract.billingChannel, target: contract.billingTarget, operator: contract.billingOperator },
    priceComponents: components.map((component) => {
      const day = component.validTo !== null && component.validTo < vatDate ? component.validTo : maxDate(vatDate, component.validFrom);
      const rate = vatPermilleOn(vat, day);
      return { ...component, priceWithVatCents: withVatPrice(component.priceCents, rate), vatPermille: rate };
    }),
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
