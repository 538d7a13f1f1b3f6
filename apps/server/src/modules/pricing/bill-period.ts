import { addDays, daysInMonth } from '@portal/schema/calendar-dates';
import type { BillingChannelKind, PriceComponentKind, PriceType } from '@portal/schema/enums';
import type { InvoiceRowKind } from '@portal/schema/invoices';
import { averagePrice, divideRounded, energyRowCents, PRICE_SCALE, priceToScaled, vatCents, whToKwh } from '../invoices/invoice-amounts.ts';
import { feeApplies, feePerMonth, isSeasonal, isWinter, SPOT_PRICE_TYPES, type PricedComponent } from './tariff.ts';
import { vatStretches, type VatSchedule } from './vat-rates.ts';

/**
 * Billing of any stretch of days (docs/decisions/093): the one function that turns a contract's prices and metered
 * days into rows, VAT lines and totals, for invoices (the demo seed), the dashboard's month costs, cost estimation
 * and the renewal offers' yearly estimates alike. Free of I/O: billed-days.ts reads the days from the database.
 *
 * - The days are cut where the VAT rate changes (vat-rates.ts) and where a price component starts or ends; each
 *   stretch bills its own rows, so a row has one unit price and one rate.
 * - Energy: each day's kWh under the components in force that day (tariff.ts: day and night hours, winter season),
 *   the spot cost of spot contracts summed interval by interval; a row's net is rounded once.
 * - Fees per month (Monthly, a twelfth of YearlyCost, PaperBill while billed by post) by days: each day bills
 *   1/(days of its month) of a month, so a month split by a change is billed on each side by its days.
 * - VAT: one line per rate, its net the sum of its rows, its VAT rounded once per line, half away from zero; the
 *   total is net + VAT exactly.
 */

/** One local day of a contract's metered consumption (billed-days.ts). Days without a row had no energy. */
export type BilledDay = {
  date: string;
  /** Wh of the day's intervals starting 07:00–22:00 local time, and of the others. */
  dayWh: bigint;
  nightWh: bigint;
  /** Spot contracts: Wh of the intervals with a published day-ahead price, and Σ Wh × the c/kWh charged (within
   * Floor and Ceiling) in units of 1/100000 c/kWh, exactly. */
  spotWh: bigint;
  spotScaled: bigint;
};

export type BilledComponent = PricedComponent & { validFrom: string; validTo: string | null };

export type BillInput = {
  /** The local days billed, inclusive: within the contract's days. */
  from: string;
  to: string;
  priceType: PriceType;
  components: readonly BilledComponent[];
  billingChannel: BillingChannelKind;
  /** The contract's VAT schedule (vatSchedule of vat-rates.ts). */
  vat: VatSchedule;
  days: readonly BilledDay[];
};

export type BillRow = {
  componentKind: InvoiceRowKind;
  unit: 'kWh' | 'month';
  /** kWh with three decimals, exactly; or months (days / days of their month) to three decimals. */
  quantity: string;
  /** c/kWh or c/month, five decimals (spot: the average the net works out at). */
  unitPriceCents: string;
  netCents: number;
  vatPermille: number;
};

export type VatLine = { vatPermille: number; netCents: number; vatCents: number };

export type Bill = { rows: BillRow[]; vatLines: VatLine[]; netCents: number; vatCents: number; totalCents: number };

/** Rows read as a bill does: energy first, then margins and fees. */
const KIND_ORDER: readonly InvoiceRowKind[] = [
  'Spot',
  'Base',
  'Day',
  'Night',
  'DayWinter',
  'NightWinter',
  'Margin',
  'Monthly',
  'YearlyCost',
  'PaperBill',
];

/** Every month length divides this (lcm of 28, 29, 30 and 31): a day is an exact number of these parts of a month. */
const MONTH_PARTS = 377_580n;
const partsOfDay = (date: string) => MONTH_PARTS / BigInt(daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7))));

/** The component of each kind in force on a day: of several, the one that started last. */
function inForce(components: readonly BilledComponent[], date: string): BilledComponent[] {
  const byKind = new Map<PriceComponentKind, BilledComponent>();
  for (const component of components) {
    if (component.validFrom > date || (component.validTo !== null && component.validTo < date)) continue;
    const held = byKind.get(component.kind);
    if (!held || held.validFrom < component.validFrom) byKind.set(component.kind, component);
  }
  return [...byKind.values()];
}

/** The days from–to cut at every rate change and wherever a component starts or ends. */
function stretchesOf(input: BillInput) {
  const cuts = new Set<string>();
  for (const component of input.components) {
    if (component.validFrom > input.from && component.validFrom <= input.to) cuts.add(component.validFrom);
    if (component.validTo !== null && component.validTo >= input.from && component.validTo < input.to) cuts.add(addDays(component.validTo, 1));
  }
  return vatStretches(input.vat, input.from, input.to).flatMap((stretch) => {
    const inside = [...cuts].filter((cut) => cut > stretch.from && cut <= stretch.to).sort();
    const starts = [stretch.from, ...inside];
    return starts.map((from, index) => ({
      from,
      to: index + 1 < starts.length ? addDays(starts[index + 1]!, -1) : stretch.to,
      permille: stretch.permille,
    }));
  });
}

function monthsText(parts: bigint): string {
  return whToKwh(divideRounded(parts * 1000n, MONTH_PARTS));
}

/** Rows of one stretch: one unit price, one rate, the components in force on all of its days. */
function stretchRows(input: BillInput, stretch: { from: string; to: string; permille: number }, days: Map<string, BilledDay>): BillRow[] {
  const components = inForce(input.components, stretch.from);
  const seasonal = isSeasonal(components.map((component) => component.kind));
  const sums = { all: 0n, day: 0n, night: 0n, dayWinter: 0n, nightWinter: 0n, spotWh: 0n, spotScaled: 0n, monthParts: 0n };
  for (let date = stretch.from; date <= stretch.to; date = addDays(date, 1)) {
    sums.monthParts += partsOfDay(date);
    const day = days.get(date);
    if (!day) continue;
    const winter = isWinter(Number(date.slice(5, 7)));
    sums.all += day.dayWh + day.nightWh;
    if (winter) {
      sums.dayWinter += day.dayWh;
      sums.nightWinter += day.nightWh;
    }
    // Day and Night give way in winter only on a seasonal contract (tariff.ts energyKindApplies).
    if (!(seasonal && winter)) {
      sums.day += day.dayWh;
      sums.night += day.nightWh;
    }
    sums.spotWh += day.spotWh;
    sums.spotScaled += day.spotScaled;
  }
  const rows: BillRow[] = [];
  const rate = stretch.permille;
  if (SPOT_PRICE_TYPES.includes(input.priceType) && sums.spotWh > 0n) {
    rows.push({
      componentKind: 'Spot',
      unit: 'kWh',
      quantity: whToKwh(sums.spotWh),
      unitPriceCents: averagePrice(sums.spotScaled, sums.spotWh),
      netCents: Number(divideRounded(sums.spotScaled, 1000n * PRICE_SCALE)),
      vatPermille: rate,
    });
  }
  const energyOf: Partial<Record<PriceComponentKind, bigint>> = {
    Base: sums.all,
    Margin: sums.all,
    Day: sums.day,
    Night: sums.night,
    DayWinter: sums.dayWinter,
    NightWinter: sums.nightWinter,
  };
  for (const component of components) {
    if (component.unit === 'c/kWh') {
      const wh = energyOf[component.kind];
      if (!wh) continue;
      rows.push({
        componentKind: component.kind,
        unit: 'kWh',
        quantity: whToKwh(wh),
        unitPriceCents: component.priceCents,
        netCents: energyRowCents(wh, component.priceCents),
        vatPermille: rate,
      });
    } else if (feeApplies(component.kind, input.billingChannel)) {
      const perMonth = feePerMonth(component);
      rows.push({
        componentKind: component.kind,
        unit: 'month',
        quantity: monthsText(sums.monthParts),
        unitPriceCents: perMonth,
        netCents: Number(divideRounded(priceToScaled(perMonth) * sums.monthParts, MONTH_PARTS * PRICE_SCALE)),
        vatPermille: rate,
      });
    }
  }
  return rows;
}

/** Bills the days `from`–`to` of a contract. Throws MissingVatRate when a day has no rate in the table. */
export function billPeriod(input: BillInput): Bill {
  const days = new Map(input.days.map((day) => [day.date, day]));
  const stretches = stretchesOf(input);
  const rows = stretches
    .flatMap((stretch, index) => stretchRows(input, stretch, days).map((row) => ({ row, index })))
    .sort((a, b) => KIND_ORDER.indexOf(a.row.componentKind) - KIND_ORDER.indexOf(b.row.componentKind) || a.index - b.index)
    .map(({ row }) => row);
  const lines = new Map<number, number>();
  // Lines in the order of the days they tax (Map keeps the order rates are first met).
  for (const stretch of stretches) if (!lines.has(stretch.permille)) lines.set(stretch.permille, 0);
  for (const row of rows) lines.set(row.vatPermille, lines.get(row.vatPermille)! + row.netCents);
  const vatLines = [...lines]
    .filter(([permille]) => rows.some((row) => row.vatPermille === permille))
    .map(([vatPermille, netCents]) => ({ vatPermille, netCents, vatCents: vatCents(netCents, vatPermille) }));
  const netCents = vatLines.reduce((sum, line) => sum + line.netCents, 0);
  const vat = vatLines.reduce((sum, line) => sum + line.vatCents, 0);
  return { rows, vatLines, netCents, vatCents: vat, totalCents: netCents + vat };
}
