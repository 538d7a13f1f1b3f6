import { powerChargeCents, type PricedComponent } from '../pricing/tariff.ts';

const HOUR_MS = 3_600_000;

/** A power charge as the alert and the plans read it: the contract's c/kW a month and the kW left free. */
export type PowerCharge = Pick<PricedComponent, 'priceCents' | 'thresholdKw'>;

/** The level an hour's (projected) Wh alerts at: the limit less the customer's margin, never below zero. */
export function alertLevelWh(limitW: bigint, marginKw: number | null): bigint {
  const margin = BigInt(Math.round((marginKw ?? 0) * 1000));
  return limitW > margin ? limitW - margin : 0n;
}

/**
 * What the month's power charge grows by, in whole cents before VAT, if the hour ends at `projectedWh`: the charge at
 * the new peak less the charge at the peak so far (each rounded as the bill rounds it).
 */
export function raiseCents(charge: PowerCharge, peakWh: bigint, projectedWh: bigint): number {
  if (projectedWh <= peakWh) return 0;
  const component: PricedComponent = { kind: 'Power', unit: 'c/kW', ...charge };
  return powerChargeCents(component, projectedWh) - powerChargeCents(component, peakWh);
}

/** A live reading as the projection needs it: when, the import register, and the power at that moment. */
export type RegisterReading = { measuredAt: Date; energyImportWh: number; activePowerImportW: number };

/**
 * The running hour's 60-minute average, projected from live readings (docs/decisions/128): the energy used since the
 * hour started, plus the power now for the minutes still to come. The register at the hour's start is the first
 * reading heard in the hour less what its power drew since the hour began (readings come every few seconds; a job
 * that first hears the meter late in the hour carries that estimate). In Wh, which over an hour equals W.
 */
export function projectedHourWh(hourStart: Date, first: RegisterReading, latest: RegisterReading): bigint {
  const hours = (from: Date, to: Date) => Math.max(0, to.getTime() - from.getTime()) / HOUR_MS;
  const atStart = first.energyImportWh - first.activePowerImportW * hours(hourStart, first.measuredAt);
  const used = Math.max(0, latest.energyImportWh - atStart);
  const toCome = latest.activePowerImportW * hours(latest.measuredAt, new Date(hourStart.getTime() + HOUR_MS));
  return BigInt(Math.round(used + toCome));
}
