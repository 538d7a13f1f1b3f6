import { addDays, daysInMonth } from '@portal/schema/calendar-dates';
import type { BillingChannelKind, PriceComponentKind, PriceType } from '@portal/schema/enums';
import type { InvoiceRowKind } from '@portal/schema/invoices';
import { averagePrice, divideRounded, energyRowCents, PRICE_SCALE, priceToScaled, vatCents, whToKwh } from '../../platform/exact-money.ts';
import { isSeasonal } from '@portal/schema/time-of-use';
import { chargedPowerW, feeApplies, feePerMonth, isWinter, isWinterWeekday, SPOT_PRICE_TYPES, type PricedComponent } from './tariff.ts';
import { vatStretches, type VatSchedule } from './vat-rates.ts';

/**
 * Billing of any stretch of days (docs/decisions/094): the one function that turns a contract's prices and metered
 * days into rows, VAT lines and totals, for invoices (the demo seed), the dashboard's month costs, cost estimation
 * and the renewal offers' yearly estimates alike. Free of I/O: billed-days.ts reads the days from the database.
 *
 * - The days are cut where the VAT rate changes (vat-rates.ts): each stretch at one rate bills its own rows, a row
 *   per component kind and price, summed over the days that price was in force, so a row has one price and one rate.
 * - Energy: each day's kWh under the components in force that day (tariff.ts: day and night hours, and in winter
 *   the weekday's daytime apart from the rest, decision 129), the spot cost of spot contracts summed interval by
 *   interval; a row's net is rounded once.
 * - Fees per month (Monthly, a twelfth of YearlyCost, PaperBill while billed by post) by days: each day bills
 *   1/(days of its month) of a month, so a month split by a change is billed on each side by its days.
 * - Power (decision 119): each day bills 1/(days of its month) of the month's charge, the month's peak being the
 *   highest hour of its days billed (all of them, whatever stretch or piece the day falls in), so a whole month
 *   bills its peak above the threshold once, in kW.
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
  /** Contracts with a power charge: Wh of the day's highest hour on the site's clock (the hourly rollup, decision
   * 119); 0 for the others and for days to come. */
  peakWh: bigint;
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
  unit: 'kWh' | 'month' | 'kW';
  /** kWh with three decimals, exactly; or months (days / days of their month) to three decimals; or kW above the
   * threshold times months (a whole month: the kW), three decimals. */
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
  'Power',
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

/** Where a component starts or ends within the days from–to: the days its prices change. */
function priceChanges(input: BillInput): string[] {
  const cuts = new Set<string>();
  for (const component of input.components) {
    if (component.validFrom > input.from && component.validFrom <= input.to) cuts.add(component.validFrom);
    if (component.validTo !== null && component.validTo >= input.from && component.validTo < input.to)
      cuts.add(addDays(component.validTo, 1));
  }
  return [...cuts].sort();
}

function monthsText(parts: bigint): string {
  return whToKwh(divideRounded(parts * 1000n, MONTH_PARTS));
}

type Sum = { kind: PriceComponentKind; unit: BillRow['unit']; priceCents: string; amount: bigint };

/** The highest hour's Wh of each calendar month ('YYYY-MM') of the days. */
function monthPeaks(days: readonly BilledDay[]): Map<string, bigint> {
  const peaks = new Map<string, bigint>();
  for (const day of days) {
    const month = day.date.slice(0, 7);
    if (day.peakWh > (peaks.get(month) ?? 0n)) peaks.set(month, day.peakWh);
  }
  return peaks;
}

/**
 * Rows of one stretch at one rate: a row per component kind and price, summed over the days that price was in
 * force (the stretch is walked in pieces cut where a price changes), its net rounded once.
 */
function stretchRows(
  input: BillInput,
  stretch: { from: string; to: string; permille: number },
  cuts: readonly string[],
  days: Map<string, BilledDay>,
  peaks: Map<string, bigint>,
) {
  const sums = new Map<string, Sum>();
  const add = (kind: PriceComponentKind, unit: Sum['unit'], priceCents: string, amount: bigint) => {
    const id = `${kind}|${priceCents}`;
    const sum = sums.get(id) ?? { kind, unit, priceCents, amount: 0n };
    sum.amount += amount;
    sums.set(id, sum);
  };
  const spot = { wh: 0n, scaled: 0n };
  const starts = [stretch.from, ...cuts.filter((cut) => cut > stretch.from && cut <= stretch.to)];
  starts.forEach((from, index) => {
    const to = index + 1 < starts.length ? addDays(starts[index + 1]!, -1) : stretch.to;
    const components = inForce(input.components, from);
    const seasonal = isSeasonal(components.map((component) => component.kind));
    const energy = { all: 0n, day: 0n, night: 0n, dayWinter: 0n, nightWinter: 0n, monthParts: 0n };
    // Each day's share of a month with the peak of its month: the power charge's threshold is the component's.
    const peakParts: { parts: bigint; peakWh: bigint }[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      energy.monthParts += partsOfDay(date);
      peakParts.push({ parts: partsOfDay(date), peakWh: peaks.get(date.slice(0, 7)) ?? 0n });
      const day = days.get(date);
      if (!day) continue;
      const winter = isWinter(date);
      energy.all += day.dayWh + day.nightWh;
      // Season and weekday are the local day's (tariff.ts energyKindApplies): a winter Sunday's daytime is other time.
      if (winter && isWinterWeekday(date)) {
        energy.dayWinter += day.dayWh;
        energy.nightWinter += day.nightWh;
      } else if (winter) {
        energy.nightWinter += day.dayWh + day.nightWh;
      }
      // Day and Night give way in winter only on a seasonal contract (tariff.ts energyKindApplies).
      if (!(seasonal && winter)) {
        energy.day += day.dayWh;
        energy.night += day.nightWh;
      }
      spot.wh += day.spotWh;
      spot.scaled += day.spotScaled;
    }
    const energyOf: Partial<Record<PriceComponentKind, bigint>> = {
      Base: energy.all,
      Margin: energy.all,
      Day: energy.day,
      Night: energy.night,
      DayWinter: energy.dayWinter,
      NightWinter: energy.nightWinter,
    };
    for (const component of components) {
      if (component.unit === 'c/kWh') {
        const wh = energyOf[component.kind];
        if (wh) add(component.kind, 'kWh', component.priceCents, wh);
      } else if (component.unit === 'c/kW') {
        const wParts = peakParts.reduce((sum, day) => sum + day.parts * chargedPowerW(day.peakWh, component.thresholdKw), 0n);
        // A month under the threshold bills nothing and has no row, as energy without kWh has none.
        if (wParts > 0n) add(component.kind, 'kW', component.priceCents, wParts);
      } else if (feeApplies(component.kind, input.billingChannel)) {
        add(component.kind, 'month', feePerMonth(component), energy.monthParts);
      }
    }
  });
  const rows: BillRow[] = [];
  const rate = stretch.permille;
  if (SPOT_PRICE_TYPES.includes(input.priceType) && spot.wh > 0n) {
    rows.push({
      componentKind: 'Spot',
      unit: 'kWh',
      quantity: whToKwh(spot.wh),
      unitPriceCents: averagePrice(spot.scaled, spot.wh),
      netCents: Number(divideRounded(spot.scaled, 1000n * PRICE_SCALE)),
      vatPermille: rate,
    });
  }
  for (const sum of sums.values()) {
    if (sum.unit === 'kW') {
      // W × month parts: kW-months to three decimals; net = c/kW × kW × months, rounded once.
      rows.push({
        componentKind: sum.kind,
        unit: 'kW',
        quantity: whToKwh(divideRounded(sum.amount, MONTH_PARTS)),
        unitPriceCents: sum.priceCents,
        netCents: Number(divideRounded(priceToScaled(sum.priceCents) * sum.amount, 1000n * MONTH_PARTS * PRICE_SCALE)),
        vatPermille: rate,
      });
      continue;
    }
    rows.push(
      sum.unit === 'kWh'
        ? {
            componentKind: sum.kind,
            unit: 'kWh',
            quantity: whToKwh(sum.amount),
            unitPriceCents: sum.priceCents,
            netCents: energyRowCents(sum.amount, sum.priceCents),
            vatPermille: rate,
          }
        : {
            componentKind: sum.kind,
            unit: 'month',
            quantity: monthsText(sum.amount),
            unitPriceCents: sum.priceCents,
            netCents: Number(divideRounded(priceToScaled(sum.priceCents) * sum.amount, MONTH_PARTS * PRICE_SCALE)),
            vatPermille: rate,
          },
    );
  }
  return rows;
}

/** Bills the days `from`–`to` of a contract. Throws MissingVatRate when a day has no rate in the table. */
export function billPeriod(input: BillInput): Bill {
  const days = new Map(input.days.map((day) => [day.date, day]));
  const stretches = vatStretches(input.vat, input.from, input.to);
  const cuts = priceChanges(input);
  const peaks = monthPeaks(input.days);
  const rows = stretches
    .flatMap((stretch, index) => stretchRows(input, stretch, cuts, days, peaks).map((row) => ({ row, index })))
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
