import type { BiddingZone, EnergyStatistics, Expenses, SpotDay, SpotStatistics, YearlyConsumption } from '@portal/schema/energy';
import type { CustomerType, OperatingCountryCode, Utility } from '@portal/schema/enums';
import { AppError } from '../../platform/errors.ts';
import { mergeComparison, sameStretchBackTotal } from '../readings/comparison-merge.ts';
import { energyRepository, type MeteringPointRow } from '../readings/energy-repository.ts';
import { directReads, type CardReads } from '../readings/card-reads.ts';
import type { BucketRow, ReadingsEnd } from '../readings/energy-queries.ts';
import { nothingToRead } from '../../platform/reads-together.ts';
import { addDays, instantAt, localDate, minDate, monthEnd, monthOf, monthStart, shiftYears, yearOf } from '@portal/schema/calendar-dates';
import { billContract, feesWithVatCents } from '../pricing/contract-bills.ts';
import { vatPermilleOn, vatSchedule } from '../pricing/vat-rates.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';

type Site = { timezone: string };
type Period = 'month' | 'year';

const UTILITY_ORDER: Utility[] = ['electricity', 'heating', 'gas'];

function byUtility(points: MeteringPointRow[]): [Utility, MeteringPointRow[]][] {
  return UTILITY_ORDER.map(
    (utility) => [utility, points.filter((point) => point.utility === utility)] as [Utility, MeteringPointRow[]],
  ).filter(([, list]) => list.length > 0);
}

function periodRange(period: Period, today: string) {
  return period === 'month' ? monthOf(today) : yearOf(today);
}

async function pointsFor(reads: CardReads, meteringPointId: string | undefined) {
  const points = await reads.meteringPoints();
  if (!meteringPointId) return points;
  const chosen = points.filter((point) => point.id === meteringPointId);
  if (chosen.length === 0) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  return chosen;
}

/**
 * Consumption (or production) of this month by day, or this year by month, per utility, summed over the
 * customer's metering points, with the same days a year back merged by date.
 */
export async function energyStatistics(
  executor: Executor,
  scope: CustomerScope,
  site: Site,
  query: { period: Period; meteringPointId?: string; direction: 'consumption' | 'production' },
  now = new Date(),
  reads = directReads(executor, scope),
): Promise<EnergyStatistics> {
  const { timezone } = site;
  const today = localDate(now, timezone);
  const { from, to } = periodRange(query.period, today);
  const bucket = query.period === 'month' ? 'day' : 'month';
  // A running period's year-back total covers the same stretch, up to where this period's readings end (decision 133):
  // a running month's two days against the whole month a year ago read "−97 %". The year-back bars show the whole period.
  const running = to >= today;
  let points = await pointsFor(reads, query.meteringPointId);
  if (query.direction === 'production') points = points.filter((point) => point.hasProduction);
  // Every utility's period, its year back and where its readings end in one statement (decision 135), then, by
  // month, the running month's days a year back, read apart to stop at the same day.
  const groups = byUtility(points).map(([utility, list]) => ({
    utility,
    base: { scope, meteringPointIds: list.map((point) => point.id), directions: query.direction, bucket, timezone } as const,
  }));
  const read = await energyRepository.together(
    executor,
    groups.flatMap(({ base }) => [
      energyRepository.bucketsRead({ ...base, from, to }),
      energyRepository.bucketsRead({ ...base, from: shiftYears(from, -1), to: shiftYears(to, -1), shiftYears: 1 }),
      running ? energyRepository.readingsEndRead({ ...base, from, to: today, yearsBack: 1 }) : nothingToRead(null),
    ]),
  );
  const series = groups.map(({ utility, base }, index) => {
    const [main, previous, end] = read.slice(index * 3, index * 3 + 3) as [BucketRow[], BucketRow[], ReadingsEnd];
    // No reading yet this period: the year back up to today, as far as the period has run.
    return { utility, base, main, previous, cut: end ?? { until: `${addDays(today, 1)}T00:00`, untilDayBackWh: null } };
  });
  const runningMonthDays =
    running && bucket === 'month'
      ? await energyRepository.together(
          executor,
          series.map(({ base, cut }) =>
            energyRepository.bucketsRead({
              ...base,
              bucket: 'day',
              from: shiftYears(monthStart(cut.until.slice(0, 10)), -1),
              to: shiftYears(cut.until.slice(0, 10), -1),
              shiftYears: 1,
            }),
          ),
        )
      : [];
  const utilities = series.map(({ utility, main, previous, cut }, index) => {
    const merged = mergeComparison(main, previous, (row) => row.wh);
    const sum = (rows: { wh: number | null }[]) => rows.reduce((total, row) => total + (row.wh ?? 0), 0);
    const comparisonWh = running
      ? sameStretchBackTotal(previous, (row) => row.wh, { resolution: bucket, ...cut, runningMonthDays: runningMonthDays[index] ?? [] })
      : previous.some((row) => row.wh !== null)
        ? sum(previous)
        : null;
    return {
      utility,
      unit: 'kWh' as const,
      total: sum(main) / 1000,
      comparisonTotal: comparisonWh === null ? null : comparisonWh / 1000,
      values: merged.map((row) => ({
        date: row.bucket.toISOString(),
        value: row.wh === null ? null : row.wh / 1000,
        comparison: row.comparison === null ? null : row.comparison / 1000,
        estimated: row.estimated,
      })),
    };
  });
  return { period: query.period, from, to, resolution: bucket, timezone, utilities };
}

/** Totals per calendar year for the last `years` years, per utility; the running year is marked incomplete. */
export async function yearlyConsumption(
  executor: Executor,
  scope: CustomerScope,
  site: Site,
  years: number,
  now = new Date(),
  reads = directReads(executor, scope),
): Promise<YearlyConsumption> {
  const { timezone } = site;
  const today = localDate(now, timezone);
  const thisYear = Number(today.slice(0, 4));
  const groups = byUtility(await reads.meteringPoints());
  // Every utility's years in one statement (decision 135).
  const read = await energyRepository.together(
    executor,
    groups.map(([, list]) =>
      energyRepository.bucketsRead({
        scope,
        meteringPointIds: list.map((point) => point.id),
        directions: 'consumption',
        bucket: 'year',
        timezone,
        from: `${thisYear - years + 1}-01-01`,
        to: `${thisYear}-12-31`,
      }),
    ),
  );
  const utilities = groups.map(([utility], index) => ({
    utility,
    years: read[index]!.map((row) => {
      const year = Number(row.key.slice(0, 4));
      return { year, kwh: (row.wh ?? 0) / 1000, complete: year < thisYear };
    }),
  }));
  return { timezone, utilities };
}

/** The first days of the local months from–to. */
function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthStart(from); month <= to; month = monthStart(month, 1)) months.push(month);
  return months;
}

/**
 * Rule 5: expenses per local month, as the invoices of those months are (decision 094): each contract's days of the
 * month billed by the one billing function (modules/pricing/bill-period.ts), rows rounded once, VAT once per rate,
 * so a past month's cost is its invoice's total to the cent; the running month is billed to today. Integer cents.
 */
export async function expenses(
  executor: Executor,
  scope: CustomerScope,
  site: Site,
  period: Period,
  now = new Date(),
  reads = directReads(executor, scope),
): Promise<Expenses> {
  const { timezone } = site;
  const today = localDate(now, timezone);
  const { from, to } = periodRange(period, today);
  // The same stretch a year back, up to the same day, so a running month or year compares like with like.
  const comparableTo = minDate(today, to);
  const points = await reads.meteringPoints();
  const meteringPointIds = points.map((point) => point.id);
  // The contracts and both years' billed days in one statement (decision 135); the rates are the load's shared read.
  const [[contracts, days, previousDays], rates] = await Promise.all([
    energyRepository.together(executor, [
      energyRepository.contractsToBillRead(scope, meteringPointIds),
      energyRepository.billedDaysRead({ scope, meteringPointIds, from, to: comparableTo, timezone }),
      energyRepository.billedDaysRead({ scope, meteringPointIds, from: shiftYears(from, -1), to: shiftYears(comparableTo, -1), timezone }),
    ]),
    reads.vatRates(),
  ]);

  const months = new Map<string, { month: string; wh: number; energyCents: number; feesCents: number }>();
  if (points.length > 0)
    for (const month of monthsFrom(from, to))
      months.set(month.slice(0, 7), { month: month.slice(0, 7), wh: 0, energyCents: 0, feesCents: 0 });
  const utilityTotals = new Map<Utility, number>();
  let comparisonTotal = 0;
  for (const [utility] of byUtility(points)) {
    let utilityTotal = 0;
    for (const billed of contracts.filter((candidate) => candidate.utility === utility)) {
      const contractDays = days.get(billed.id) ?? [];
      for (const entry of months.values()) {
        const month = `${entry.month}-01`;
        for (const day of contractDays) if (day.date.startsWith(entry.month)) entry.wh += Number(day.dayWh + day.nightWh);
        const bill = billContract(billed, rates, contractDays, month, minDate(monthEnd(month), comparableTo));
        if (!bill) continue;
        const fees = feesWithVatCents(bill);
        entry.feesCents += fees;
        entry.energyCents += bill.totalCents - fees;
        utilityTotal += bill.totalCents;
      }
      for (const month of monthsFrom(shiftYears(from, -1), shiftYears(comparableTo, -1))) {
        const bill = billContract(
          billed,
          rates,
          previousDays.get(billed.id) ?? [],
          month,
          minDate(monthEnd(month), shiftYears(comparableTo, -1)),
        );
        comparisonTotal += bill?.totalCents ?? 0;
      }
    }
    utilityTotals.set(utility, utilityTotal);
  }
  const hasComparison = [...previousDays.values()].some((list) => list.length > 0);

  const monthList = [...months.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map(({ month, wh, energyCents, feesCents }) => ({
      month,
      kwh: wh / 1000,
      energyCents,
      feesCents,
      totalCents: energyCents + feesCents,
    }));
  return {
    period,
    from,
    to,
    currency: 'EUR',
    totalCents: monthList.reduce((sum, month) => sum + month.totalCents, 0),
    comparisonTotalCents: hasComparison ? comparisonTotal : null,
    months: monthList,
    byUtility: [...utilityTotals].map(([utility, totalCents]) => ({ utility, totalCents })),
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Today's and tomorrow's day-ahead prices of the site's bidding zone (the customer's electricity point's zone
 * when it has one), as published and as hourly averages, in c/kWh without VAT, each day with the VAT rate in force.
 */
export async function spotStatistics(
  executor: Executor,
  scope: CustomerScope,
  site: Site & { countryCode: BiddingZone & OperatingCountryCode },
  customerType: CustomerType,
  now = new Date(),
  reads = directReads(executor, scope),
): Promise<SpotStatistics> {
  const { timezone } = site;
  const points = await reads.meteringPoints();
  // Without an electricity metering point, the prices of the site's own country (each is one bidding zone).
  const zone = points.find((point) => point.utility === 'electricity')?.biddingZone ?? site.countryCode;
  const today = localDate(now, timezone);
  const tomorrow = addDays(today, 1);
  const [start, middle, end] = [today, tomorrow, addDays(today, 2)].map((day) => instantAt(day, 0, timezone)) as [Date, Date, Date];
  const [rows, rates] = await Promise.all([energyRepository.spotPrices(executor, zone, start, end), reads.vatRates()]);
  // Shown beside the VAT-free spot prices: the rate on electricity in force on each day shown (decision 093), by the
  // site's country and the acting customer's type (the actor's own, no read).
  const vat = vatSchedule(rates, { countryCode: site.countryCode, utility: 'electricity', supply: 'energy', customerType });
  const points15 = rows.map((row) => ({
    startsAt: row.startsAt,
    endsAt: new Date(row.startsAt.getTime() + row.resolutionMinutes * 60_000),
    centsPerKwh: round3(Number(row.eurPerMwh) / 10),
  }));
  const day = (date: string, from: Date, to: Date): SpotDay | null => {
    const list = points15.filter((point) => point.startsAt >= from && point.startsAt < to);
    if (list.length === 0) return null;
    const hours = new Map<number, number[]>();
    for (const point of list) {
      const hour = Math.floor(point.startsAt.getTime() / 3_600_000) * 3_600_000;
      hours.set(hour, [...(hours.get(hour) ?? []), point.centsPerKwh]);
    }
    const values = list.map((point) => point.centsPerKwh);
    return {
      date,
      vatPermille: vatPermilleOn(vat, date),
      prices: list.map((point) => ({ startsAt: point.startsAt.toISOString(), centsPerKwh: point.centsPerKwh })),
      hourly: [...hours].map(([hour, prices]) => ({
        startsAt: new Date(hour).toISOString(),
        centsPerKwh: round3(prices.reduce((sum, price) => sum + price, 0) / prices.length),
      })),
      minimum: Math.min(...values),
      maximum: Math.max(...values),
      average: round3(values.reduce((sum, price) => sum + price, 0) / values.length),
    };
  };
  const current = points15.find((point) => point.startsAt <= now && now < point.endsAt);
  return {
    biddingZone: zone,
    timezone,
    current: current ? { startsAt: current.startsAt.toISOString(), centsPerKwh: current.centsPerKwh } : null,
    today: day(today, start, middle),
    tomorrow: day(tomorrow, middle, end),
  };
}
