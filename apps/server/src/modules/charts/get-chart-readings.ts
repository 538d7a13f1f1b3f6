import {
  MAX_RANGE_DAYS,
  METER_RESOLUTION_MINUTES,
  resolutionForRange,
  type ChartSeries,
  type ReadingResolution,
  type ReadingsResponse,
} from '@portal/schema/energy';
import type { SiteFeature } from '@portal/schema/features';
import { AppError } from '../../platform/errors.ts';
import { mergeComparison, sameStretchBackTotal } from '../readings/comparison-merge.ts';
import { energyRepository, type MeteringPointRow } from '../readings/energy-repository.ts';
import { addDays, daysBetween, localDate, monthStart, shiftYears } from '@portal/schema/calendar-dates';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { nothingToRead, type Read } from '../../platform/reads-together.ts';
import type { AverageRow } from '../readings/energy-queries.ts';

export type ChartReadingsRequest = {
  series: ChartSeries;
  yearsBack: number | null;
  from: string;
  to: string;
  meteringPointId: string;
  resolution?: ReadingResolution;
};

type Site = { timezone: string; features: SiteFeature[] };

/** Chart options are site features (spec §7); a series the site does not offer is refused, not silently empty. */
const SERIES_FEATURE: Partial<Record<ChartSeries, SiteFeature>> = {
  netted: 'CHART_NETTED',
  price: 'CHART_SPOT_PRICE',
  temperature: 'CHART_TEMPERATURE',
};

/** Checks a readings query against the site's features and the range limits; returns the resolution to use. */
export function chooseResolution(
  site: Site,
  query: Pick<ChartReadingsRequest, 'series' | 'from' | 'to' | 'resolution'>,
): ReadingResolution {
  const feature = SERIES_FEATURE[query.series];
  if (feature && !site.features.includes(feature))
    throw new AppError('SERIES_NOT_AVAILABLE', `The ${query.series} series is not offered on this site`);
  let resolution = query.resolution ?? resolutionForRange(query.from, query.to);
  if (resolution === 'five-minute' && !site.features.includes('CHART_FIVE_MINUTE')) {
    throw new AppError('RESOLUTION_NOT_AVAILABLE', 'Five-minute readings are not offered on this site');
  }
  // Prices are published per 15 minutes and temperatures per hour: finer buckets would only repeat them.
  if (query.series === 'price' && resolution === 'five-minute') resolution = 'quarter-hour';
  if (query.series === 'temperature' && (resolution === 'five-minute' || resolution === 'quarter-hour')) resolution = 'hour';
  const days = daysBetween(query.from, query.to) + 1;
  if (days > MAX_RANGE_DAYS[resolution]) {
    throw new AppError('RANGE_TOO_LONG', `At ${resolution} resolution a range may span at most ${MAX_RANGE_DAYS[resolution]} days`);
  }
  return resolution;
}

/**
 * GET /api/charts/readings: one series of one metering point, bucketed in the database in the site's
 * timezone, with the comparison series N years back merged by date and, for consumption, the cost.
 */
export async function getChartReadings(
  executor: Executor,
  scope: CustomerScope,
  site: Site,
  query: ChartReadingsRequest,
  now = new Date(),
): Promise<ReadingsResponse> {
  const point = await energyRepository.meteringPoint(executor, scope, query.meteringPointId);
  if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  const resolution = chooseResolution(site, query);
  const { timezone } = site;
  const energyDirections = query.series === 'price' || query.series === 'temperature' ? null : query.series;
  const energySeries = energyDirections !== null;
  const source = await seriesSource(executor, scope, point, query.series, resolution);
  const read = (from: string, to: string, shift: number, bucket = resolution, sourceOf = source) =>
    seriesRead(scope, point, query.series, bucket, { from, to, timezone, shiftYears: shift }, sourceOf);
  const today = localDate(now, timezone);
  const running = query.to >= today && query.from <= today;
  // A period still running is compared with the same stretch a year back, up to where its readings end (decision 133),
  // as the dashboard's energyStatistics compares; the bars a year back still show the whole period.
  const cutsBack = Boolean(query.yearsBack) && energyDirections !== null && running;
  // The period, its years back and where its readings end in one statement (decision 135).
  const [main, comparison, end] = await energyRepository.together(executor, [
    read(query.from, query.to, 0),
    query.yearsBack
      ? read(shiftYears(query.from, -query.yearsBack), shiftYears(query.to, -query.yearsBack), query.yearsBack)
      : nothingToRead(null),
    cutsBack
      ? energyRepository.readingsEndRead({
          scope,
          meteringPointIds: [point.id],
          directions: energyDirections,
          from: query.from,
          to: today,
          timezone,
          yearsBack: query.yearsBack!,
        })
      : nothingToRead(null),
  ]);
  // Energy series sum into totals and compare by stretch; prices and temperatures average.
  const merged = comparison
    ? mergeComparison(main, comparison, (row) => row.raw, energySeries ? undefined : (a, b) => (a + b) / 2)
    : main.map((row) => ({ ...row, comparison: undefined }));

  const toValue = (raw: number | null) => (raw === null ? null : energySeries ? raw / 1000 : raw);
  const sumWh = (rows: { raw: number | null }[]) =>
    rows.some((row) => row.raw !== null) ? rows.reduce((sum, row) => sum + (row.raw ?? 0), 0) : null;
  let comparisonWh = comparison ? sumWh(comparison) : null;
  if (comparison && cutsBack) {
    const yearsBack = query.yearsBack!;
    // No reading yet this period: the year back up to today, as far as the period has run.
    const cut = end ?? { until: `${addDays(today, 1)}T00:00`, untilDayBackWh: null };
    const untilDayBack = shiftYears(cut.until.slice(0, 10), -yearsBack);
    const runningMonthDays =
      resolution === 'month'
        ? await energyRepository.alone(executor, read(monthStart(untilDayBack), untilDayBack, yearsBack, 'day', { withCost: false }))
        : [];
    comparisonWh = sameStretchBackTotal(comparison, (row) => row.raw, { resolution, ...cut, runningMonthDays });
  }
  const withCost = source.withCost;
  return {
    series: query.series,
    meteringPointId: point.id,
    utility: point.utility,
    resolution,
    unit: energySeries ? 'kWh' : query.series === 'price' ? 'c/kWh' : '°C',
    timezone,
    from: query.from,
    to: query.to,
    yearsBack: query.yearsBack,
    total: energySeries ? toValue(sumWh(main)) : null,
    comparisonTotal: energySeries && comparison ? toValue(comparisonWh) : null,
    costTotalCents: withCost ? main.reduce((sum, row) => sum + (row.costCents ?? 0), 0) : null,
    values: merged.map((row) => ({
      date: row.bucket.toISOString(),
      value: toValue(row.raw),
      ...(comparison ? { comparison: toValue(row.comparison ?? null) } : {}),
      ...(energySeries ? { estimated: row.estimated } : {}),
      ...(withCost ? { costCents: row.costCents } : {}),
    })),
  };
}

type SeriesRow = { bucket: Date; key: string; raw: number | null; estimated: boolean; costCents: number | null };

/** What an energy series is read from: the stored resolution of fine buckets, and whether it is priced. */
type SeriesSource = { sourceMinutes?: number; withCost: boolean };

async function seriesSource(
  executor: Executor,
  scope: CustomerScope,
  point: MeteringPointRow,
  series: ChartSeries,
  resolution: ReadingResolution,
): Promise<SeriesSource> {
  if (series === 'price' || series === 'temperature') return { withCost: false };
  // Hours and longer come from the rollups (decision 081); quarters and five minutes from the coarsest stored
  // resolution that still fits the bucket (15-minute rows for quarters, where a meter has them).
  const [sourceMinutes, withCost] = await Promise.all([
    resolution === 'quarter-hour' || resolution === 'five-minute' ? fineSource(executor, scope, point, resolution) : undefined,
    series === 'consumption' ? energyRepository.hasContract(executor, scope, point.id) : false,
  ]);
  return { sourceMinutes, withCost };
}

function seriesRead(
  scope: CustomerScope,
  point: MeteringPointRow,
  series: ChartSeries,
  bucket: ReadingResolution,
  period: { from: string; to: string; timezone: string; shiftYears: number },
  { sourceMinutes, withCost }: SeriesSource,
): Read<SeriesRow[]> {
  const averages = (read: Read<AverageRow[]>): Read<SeriesRow[]> => ({
    ...read,
    decode: (rows) => read.decode(rows).map((row) => ({ ...row, raw: row.value, estimated: false, costCents: null })),
  });
  if (series === 'price') return averages(energyRepository.priceRead({ ...period, zone: point.biddingZone, bucket }));
  if (series === 'temperature') return averages(energyRepository.temperatureRead({ ...period, area: point.temperatureArea, bucket }));
  const energy = energyRepository.bucketsRead({
    ...period,
    scope,
    meteringPointIds: [point.id],
    directions: series,
    sourceMinutes,
    bucket,
    withCost,
  });
  return { ...energy, decode: (rows) => energy.decode(rows).map((row) => ({ ...row, raw: row.wh })) };
}

async function fineSource(
  executor: Executor,
  scope: CustomerScope,
  point: MeteringPointRow,
  resolution: 'quarter-hour' | 'five-minute',
): Promise<number> {
  const wanted = METER_RESOLUTION_MINUTES[resolution];
  const stored = await energyRepository.storedResolutions(executor, scope, point.id);
  return (
    stored
      .map((row) => row.minutes)
      .filter((minutes) => minutes <= wanted)
      .sort((a, b) => b - a)[0] ?? wanted
  );
}
