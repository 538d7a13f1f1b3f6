import { addDays, instantAt, minDate, monthEnd, monthStart } from '@portal/schema/calendar-dates';
import type {
  BillChange,
  BillComparison,
  BillComparisonKind,
  BillPeriodFigures,
  HeatingFitUnavailable,
  InvoiceAnalysis,
} from '@portal/schema/invoice-analysis';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { divideRounded } from '../../platform/exact-money.ts';
import { energyRepository } from '../readings/energy-repository.ts';
import { billAnalysisRepository as bills, type AnalysedBill, type AnalysedDay } from './bill-analysis-repository.ts';
import {
  energyCentsOf,
  averagePriceText,
  degreeDayRule,
  fitHeating,
  kwhOf,
  roundDegreeDays,
  splitBillChange,
  type DegreeDayRule,
  type HeatingFit,
  type PeriodMoney,
} from './bill-change.ts';

/** The days of a year the heating fit reads: the 365 days to the invoice's last day. */
const FIT_DAYS = 365;
/** A day's mean temperature counts when most of its hours have one (a day has 23, 24 or 25). */
const MIN_TEMPERATURE_HOURS = 20;

type Day = { date: string; wh: bigint | null; degreeDays: number | null };

function dayOf(day: AnalysedDay, rule: DegreeDayRule): Day {
  const measured = day.meanDeciCelsius !== null && day.temperatureHours >= MIN_TEMPERATURE_HOURS;
  return {
    date: day.date,
    wh: day.wh,
    degreeDays: measured ? rule.degreeDays(day.meanDeciCelsius! / 10, Number(day.date.slice(5, 7))) : null,
  };
}

type Period = { bill: AnalysedBill; money: PeriodMoney; hasReadings: boolean; degreeDays: number | null };

/** The period's Wh (null without a day of readings) and degree days (null unless every day has a temperature). */
function periodOf(bill: AnalysedBill, days: ReadonlyMap<string, Day>): Period {
  let wh = 0n;
  let hasReadings = false;
  let degreeDays: number | null = 0;
  for (let date = bill.periodStart; date <= bill.periodEnd; date = addDays(date, 1)) {
    const day = days.get(date);
    if (day?.wh !== null && day?.wh !== undefined) {
      wh += day.wh;
      hasReadings = true;
    }
    degreeDays = degreeDays === null || day?.degreeDays === null || day?.degreeDays === undefined ? null : degreeDays + day.degreeDays;
  }
  const fixedChargesCents = divideRounded(bill.fixedMilliCents, 1000n);
  const powerChargeCents = divideRounded(bill.powerMilliCents, 1000n);
  return {
    bill,
    money: { wh, totalCents: bill.totalCents, fixedChargesCents, powerChargeCents },
    hasReadings: hasReadings && wh > 0n,
    degreeDays: degreeDays === null ? null : roundDegreeDays(degreeDays),
  };
}

function figuresOf(period: Period): BillPeriodFigures {
  const energyCents = energyCentsOf(period.money);
  return {
    invoiceNumber: period.bill.invoiceNumber,
    periodStart: period.bill.periodStart,
    periodEnd: period.bill.periodEnd,
    kwh: kwhOf(period.money.wh),
    totalCents: Number(period.money.totalCents),
    fixedChargesCents: Number(period.money.fixedChargesCents),
    powerChargeCents: Number(period.money.powerChargeCents),
    energyCents: Number(energyCents),
    averagePriceCentsPerKwh: averagePriceText(energyCents, period.money.wh),
    degreeDays: period.degreeDays,
  };
}

function changeOf(current: Period, compared: Period, fit: HeatingFit, fitUnavailable: HeatingFitUnavailable | null): BillChange {
  const degreeDays =
    current.degreeDays === null || compared.degreeDays === null ? null : roundDegreeDays(current.degreeDays - compared.degreeDays);
  const weatherUnavailable = fitUnavailable ?? (degreeDays === null ? 'NO_TEMPERATURES' : null);
  // The only floating point that reaches money: the fit's kWh per degree day, rounded to the Wh here.
  const weatherWh =
    weatherUnavailable === null && fit.unavailable === null && degreeDays !== null
      ? BigInt(Math.round(fit.kwhPerDegreeDay * degreeDays * 1000))
      : null;
  const parts = splitBillChange(current.money, compared.money, weatherWh);
  return {
    totalCents: Number(parts.totalCents),
    consumptionCents: Number(parts.consumptionCents),
    priceCents: Number(parts.priceCents),
    fixedChargesCents: Number(parts.fixedChargesCents),
    powerChargeCents: Number(parts.powerChargeCents),
    kwh: kwhOf(parts.wh),
    degreeDays,
    weatherUnavailable: parts.weather ? null : weatherUnavailable,
    weatherKwh: parts.weather ? kwhOf(parts.weather.wh) : null,
    weatherCents: parts.weather ? Number(parts.weather.cents) : null,
    ownUseKwh: parts.weather ? kwhOf(parts.weather.ownUseWh) : null,
    ownUseCents: parts.weather ? Number(parts.weather.ownUseCents) : null,
  };
}

/**
 * GET /api/invoices/{invoiceNumber}/analysis (docs/decisions/117): the invoice's change against the bill of the month
 * before and of the same month a year earlier at the same metering point, split into consumption (of it, the weather's
 * share and the customer's own use), price and fixed charges, in cents that add up to the change. Throws
 * INVOICE_NOT_FOUND (404) for an invoice that is not the acting customer's.
 */
export async function explainInvoice(
  db: Database,
  scope: CustomerScope,
  timezone: string,
  invoiceNumber: string,
): Promise<InvoiceAnalysis> {
  const bill = await bills.bill(db, scope, invoiceNumber);
  const point = bill && (await energyRepository.meteringPoint(db, scope, bill.meteringPointId));
  if (!bill || !point) throw new AppError('INVOICE_NOT_FOUND', 'No such invoice');
  const rule = degreeDayRule(point.countryCode);
  const month = monthStart(bill.periodStart);
  const previousMonth = monthStart(month, -1);
  const lastYear = monthStart(month, -12);
  const [previous, yearAgo] = await Promise.all([
    bills.billStartingBetween(db, scope, point.id, previousMonth, monthEnd(previousMonth), bill.id),
    bills.billStartingBetween(db, scope, point.id, lastYear, monthEnd(lastYear), bill.id),
  ]);

  const fitFrom = addDays(bill.periodEnd, -(FIT_DAYS - 1));
  const from = [previous?.periodStart, yearAgo?.periodStart, bill.periodStart].reduce<string>(
    (earliest, date) => (date ? minDate(earliest, date) : earliest),
    fitFrom,
  );
  const rows = await bills.days(db, {
    meteringPointId: point.id,
    area: point.temperatureArea,
    timezone,
    from,
    to: bill.periodEnd,
    fromInstant: instantAt(from, 0, timezone),
    toInstant: instantAt(addDays(bill.periodEnd, 1), 0, timezone),
  });
  const days = new Map(rows.map((row) => [row.date, dayOf(row, rule)]));

  const fitted = [...days.values()].filter((day) => day.date >= fitFrom && day.wh !== null && day.degreeDays !== null);
  const fit = fitHeating(fitted.map((day) => ({ kwh: Number(day.wh) / 1000, degreeDays: day.degreeDays! })));
  const anyTemperature = [...days.values()].some((day) => day.date >= fitFrom && day.degreeDays !== null);
  const fitUnavailable: HeatingFitUnavailable | null = !anyTemperature ? 'NO_TEMPERATURES' : fit.unavailable;

  const current = periodOf(bill, days);
  const compare = (kind: BillComparisonKind, other: AnalysedBill | null): BillComparison => {
    if (!other) return { kind, unavailable: 'NO_INVOICE', compared: null, change: null };
    const compared = periodOf(other, days);
    if (!current.hasReadings || !compared.hasReadings)
      return { kind, unavailable: 'NO_READINGS', compared: figuresOf(compared), change: null };
    return { kind, unavailable: null, compared: figuresOf(compared), change: changeOf(current, compared, fit, fitUnavailable) };
  };

  return {
    current: figuresOf(current),
    degreeDayBaseCelsius: rule.baseCelsius,
    heating: {
      unavailable: fitUnavailable,
      days: fit.days,
      kwhPerDegreeDay: fit.unavailable === null ? Math.round(fit.kwhPerDegreeDay * 1000) / 1000 : null,
      rSquared: fit.unavailable === null ? Math.round(fit.rSquared * 1000) / 1000 : null,
    },
    comparisons: [compare('previous-month', previous), compare('same-month-last-year', yearAgo)],
  };
}
