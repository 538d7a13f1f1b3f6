/** What the Estonian datahub needs to register a supply (docs/decisions/036-estonian-datahub.md). */
export type SupplyNotice = {
  siteId: string;
  /** The metering point's EIC, as the datahub knows it. */
  meteringPointEic: string;
  /** The customer's Estonian personal code or registry code. */
  customerCode: string;
  customerName: string;
  /** The first day of a month, at least 21 days ahead. */
  startDate: string;
  contractNumber: string;
  today: string;
};

/** Why the datahub refused a notice: it knows no such point, or the start breaks its rule. */
export class DatahubRefusal extends Error {
  readonly reason: 'unknown-metering-point' | 'start-date';
  constructor(reason: 'unknown-metering-point' | 'start-date') {
    super(reason === 'unknown-metering-point' ? 'The datahub knows no such metering point' : 'The datahub does not accept that start date');
    this.reason = reason;
  }
}

/**
 * Elering's datahub, through which every Estonian supply contract is registered. The real adapter needs a market
 * participant's certificate and is not part of this release; the local stand-in applies the datahub's rules.
 */
export interface EstonianDatahub {
  registerSupply(notice: SupplyNotice): Promise<{ reference: string }>;
}
