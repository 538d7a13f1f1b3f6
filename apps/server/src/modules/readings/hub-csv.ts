import { formatLocalDateTime } from '@portal/schema/calendar-dates';
import { csvDecimal, type CsvCell } from '@portal/schema/csv-format';
import type { OperatingCountryCode, Utility } from '@portal/schema/enums';
import { whToKwh } from '../../platform/exact-money.ts';
import type { DownloadPoint, StoredReading, StoredSeries } from './reading-download-repository.ts';

/**
 * Readings in the layout of the site's country's data hub (docs/decisions/109), one interval a line, in kWh with three
 * decimals. The columns are the hub's own names, untranslated, so a tool that reads the hub's file reads this one;
 * separator and decimal mark are the reader's locale's (platform/csv-writer.ts).
 *
 * - Finland, Fingrid Datahub (the customer portal's consumption download): one line per series and interval, start in
 *   UTC, quality `OK` or `Estimated`. Datahub keeps production on a metering point of its own; a point here holds
 *   both, so a last column `Direction` says which.
 * - Estonia, Elering Datahub (the metering data template of its web interface): one line per interval, start on the
 *   site's clock as `dd.mm.yyyy hh:mm`, IN = energy into the grid (production), OUT = out of it (consumption), each
 *   `METERED` or `ESTIMATED`.
 * - Latvia: AST publishes no customer file layout we could find; Latvian sites use the Baltic layout above, whose
 *   fields (EIC, period start, resolution, IN/OUT, metered/estimated) are those of the shared Baltic market model.
 */
export type HubLayout = { header: readonly string[]; rows: AsyncIterable<readonly CsvCell[]> };

export type HubCsvInput = {
  country: OperatingCountryCode;
  point: DownloadPoint;
  timezone: string;
  series: StoredSeries[];
  readingsOf: (series: StoredSeries) => AsyncIterable<StoredReading>;
};

/** ebIX product code of active energy, which Datahub names its electricity series by. */
const ACTIVE_ENERGY_PRODUCT = '8716867000030';
const kwh = (wh: number) => csvDecimal(whToKwh(wh));

export function hubCsv(input: HubCsvInput): HubLayout {
  return input.country === 'FI' ? fingridLayout(input) : balticLayout(input);
}

function fingridLayout({ point, series, readingsOf }: HubCsvInput): HubLayout {
  const product = productOf(point.utility);
  return {
    header: [
      'Metering point ID',
      'Product type',
      'Resolution',
      'Unit type',
      'Reading type',
      'Start time',
      'Quantity',
      'Quality',
      'Direction',
    ],
    rows: (async function* () {
      for (const one of series) {
        const resolution = `PT${one.minutes}M`;
        for await (const value of readingsOf(one)) {
          yield [
            point.gsrn,
            product,
            resolution === 'PT60M' ? 'PT1H' : resolution,
            'kWh',
            'BN01',
            `${value.startsAt.toISOString().slice(0, 19)}Z`,
            kwh(value.wh),
            value.measured ? 'OK' : 'Estimated',
            one.direction,
          ];
        }
      }
    })(),
  };
}

function balticLayout({ point, timezone, series, readingsOf }: HubCsvInput): HubLayout {
  const resolutions = [...new Set(series.map((one) => one.minutes))];
  const readingType = (value: StoredReading | undefined) => (value ? (value.measured ? 'METERED' : 'ESTIMATED') : null);
  return {
    header: ['Meter EIC', 'Period Start', 'Resolution', 'Quantity KWH IN', 'Quantity KWH OUT', 'Reading Type IN', 'Reading Type OUT'],
    rows: (async function* () {
      for (const minutes of resolutions) {
        const of = (direction: StoredSeries['direction']) =>
          series.some((one) => one.direction === direction && one.minutes === minutes) ? readingsOf({ direction, minutes }) : null;
        for await (const { startsAt, first: out, second: into } of mergeByStart(of('consumption'), of('production'))) {
          yield [
            point.gsrn,
            formatLocalDateTime(startsAt, timezone),
            minutes === 60 ? 'HOURLY' : `${minutes} MINUTES`,
            into ? kwh(into.wh) : null,
            out ? kwh(out.wh) : null,
            readingType(into),
            readingType(out),
          ];
        }
      }
    })(),
  };
}

function productOf(utility: Utility): string | null {
  return utility === 'electricity' ? ACTIVE_ENERGY_PRODUCT : null;
}

/** Two series oldest first, side by side by interval start: an interval only one of them has comes with the other empty. */
async function* mergeByStart(
  first: AsyncIterable<StoredReading> | null,
  second: AsyncIterable<StoredReading> | null,
): AsyncGenerator<{ startsAt: Date; first?: StoredReading; second?: StoredReading }> {
  const a = first?.[Symbol.asyncIterator]();
  const b = second?.[Symbol.asyncIterator]();
  let left = a ? await a.next() : null;
  let right = b ? await b.next() : null;
  while ((left && !left.done) || (right && !right.done)) {
    const l = left && !left.done ? left.value : undefined;
    const r = right && !right.done ? right.value : undefined;
    const at = Math.min(l?.startsAt.getTime() ?? Infinity, r?.startsAt.getTime() ?? Infinity);
    const takeLeft = l !== undefined && l.startsAt.getTime() === at;
    const takeRight = r !== undefined && r.startsAt.getTime() === at;
    yield { startsAt: new Date(at), first: takeLeft ? l : undefined, second: takeRight ? r : undefined };
    if (takeLeft) left = await a!.next();
    if (takeRight) right = await b!.next();
  }
}
