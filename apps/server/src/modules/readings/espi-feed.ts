import { XMLBuilder } from 'fast-xml-parser';
import { addDays, instantAt, localDate } from '@portal/schema/calendar-dates';
import type { Utility } from '@portal/schema/enums';
import type { DownloadPoint, StoredReading, StoredSeries } from './reading-download-repository.ts';

/**
 * Green Button "Download My Data" (docs/decisions/109): a metering point's readings as an Atom feed of NAESB REQ.21
 * ESPI 3.3 resources, valid against the published schema kept in `espi-schema/` (reading-downloads.test.ts checks
 * every feed it writes). One UsagePoint, its LocalTimeParameters, and per stored series a MeterReading, its
 * ReadingType and one IntervalBlock per day of the site's calendar. Values are exact watt-hours (uom 72, multiplier
 * 0); an estimated value carries ReadingQuality 8.
 *
 * Written entry by entry as the readings are read, so a ten-year 15-minute history is never whole in memory.
 */
export type EspiFeedInput = {
  point: DownloadPoint;
  /** The acting customer: RetailCustomer in the resources' paths. */
  customerId: string;
  /** The site's host: the authority of the entries' `tag:` ids (RFC 4151), so two sites' ids never meet. */
  host: string;
  timezone: string;
  /** Days of the site's calendar, both included. */
  from: string;
  to: string;
  generatedAt: Date;
  series: StoredSeries[];
  readingsOf: (series: StoredSeries) => AsyncIterable<StoredReading>;
};

const ATOM = 'http://www.w3.org/2005/Atom';
const ESPI = 'http://naesb.org/espi';
/** The day this portal began writing ESPI: the date part of every `tag:` id (RFC 4151 §2.1), fixed so ids stay stable. */
const TAG_DATE = '2026-11-30';

// ESPI 3.3 code lists (usage.xsd): ServiceKind, CommodityKind, FlowDirectionKind and the rest by their numbers.
const SERVICE_KIND: Record<Utility, number> = { electricity: 0, gas: 1, heating: 4 };
const COMMODITY: Record<Utility, number> = { electricity: 1, gas: 7, heating: 12 };
const FLOW_DIRECTION = { consumption: 1, production: 19 } as const;
const ACCUMULATION_DELTA_DATA = 4;
const DATA_QUALIFIER_NORMAL = 12;
const MEASUREMENT_KIND_ENERGY = 12;
const UOM_WH = 72;
const CURRENCY_EUR = 978;
const QUALITY_VALID = 0;
/**
 * ESPI has no plain "estimated": its codes name how (8 reference day, 9 linear interpolation). The hubs this portal
 * reads say only "estimated", and Nordic and Baltic grid operators fill a missing interval from comparable days, so 8.
 */
const QUALITY_ESTIMATED = 8;

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });

export async function* espiFeed(input: EspiFeedInput): AsyncGenerator<string> {
  const { point, timezone, generatedAt } = input;
  const at = isoSeconds(generatedAt);
  const tag = (path: string) => `tag:${input.host},${TAG_DATE}:${path}`;
  const resource = `/espi/1_1/resource`;
  const usagePoints = `${resource}/RetailCustomer/${encodeURIComponent(input.customerId)}/UsagePoint`;
  const usagePoint = `${usagePoints}/${point.gsrn}`;
  const localTime = `${resource}/LocalTimeParameters/${encodeURIComponent(timezone)}`;
  const link = (rel: string, type: string, href: string) => ({ '@_rel': rel, '@_type': type, '@_href': href });
  const entry = (id: string, links: ReturnType<typeof link>[], title: string, content: Record<string, unknown>) =>
    xml.build({
      entry: { id: tag(id), link: links, title, content, published: at, updated: at },
    });

  yield `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="${ATOM}">`;
  yield xml.build({
    id: tag(`${usagePoint}/${input.from}/${input.to}`),
    title: `Green Button: ${point.gsrn}, ${input.from} – ${input.to}`,
    updated: at,
    link: link('self', 'espi-feed/UsagePoint', usagePoints),
  });

  yield entry(
    usagePoint,
    [
      link('self', 'espi-entry/UsagePoint', usagePoint),
      link('up', 'espi-feed/UsagePoint', usagePoints),
      link('related', 'espi-feed/MeterReading', `${usagePoint}/MeterReading`),
      link('related', 'espi-entry/LocalTimeParameters', localTime),
    ],
    `${point.street}, ${point.postalCode} ${point.city}`,
    {
      UsagePoint: {
        '@_xmlns': ESPI,
        ServiceCategory: { kind: SERVICE_KIND[point.utility] },
        status: point.connected ? 1 : 0,
      },
    },
  );
  yield entry(
    localTime,
    [
      link('self', 'espi-entry/LocalTimeParameters', localTime),
      link('up', 'espi-feed/LocalTimeParameters', `${resource}/LocalTimeParameters`),
    ],
    timezone,
    { LocalTimeParameters: { '@_xmlns': ESPI, ...localTimeParameters(timezone, Number(input.from.slice(0, 4))) } },
  );

  const from = instantAt(input.from, 0, timezone);
  const to = instantAt(addDays(input.to, 1), 0, timezone);
  for (const [index, series] of input.series.entries()) {
    const meterReading = `${usagePoint}/MeterReading/${index + 1}`;
    const readingType = `${resource}/ReadingType/${point.gsrn}-${index + 1}`;
    const seconds = series.minutes * 60;
    yield entry(
      meterReading,
      [
        link('self', 'espi-entry/MeterReading', meterReading),
        link('up', 'espi-feed/MeterReading', `${usagePoint}/MeterReading`),
        link('related', 'espi-feed/IntervalBlock', `${meterReading}/IntervalBlock`),
        link('related', 'espi-entry/ReadingType', readingType),
      ],
      `${series.direction === 'consumption' ? 'Consumption' : 'Production'}, ${series.minutes}-minute intervals`,
      { MeterReading: { '@_xmlns': ESPI } },
    );
    yield entry(
      readingType,
      [link('self', 'espi-entry/ReadingType', readingType), link('up', 'espi-feed/ReadingType', `${resource}/ReadingType`)],
      `Energy ${series.direction === 'consumption' ? 'delivered' : 'received'}, Wh per ${series.minutes} minutes`,
      {
        ReadingType: {
          '@_xmlns': ESPI,
          accumulationBehaviour: ACCUMULATION_DELTA_DATA,
          commodity: COMMODITY[point.utility],
          currency: CURRENCY_EUR,
          dataQualifier: DATA_QUALIFIER_NORMAL,
          defaultQuality: QUALITY_VALID,
          flowDirection: FLOW_DIRECTION[series.direction],
          intervalLength: seconds,
          kind: MEASUREMENT_KIND_ENERGY,
          powerOfTenMultiplier: 0,
          timeAttribute: 0,
          uom: UOM_WH,
        },
      },
    );
    for await (const day of byDay(input.readingsOf(series), timezone, from, to)) {
      const block = `${meterReading}/IntervalBlock/${day.date}`;
      yield entry(
        block,
        [link('self', 'espi-entry/IntervalBlock', block), link('up', 'espi-feed/IntervalBlock', `${meterReading}/IntervalBlock`)],
        day.date,
        {
          IntervalBlock: {
            '@_xmlns': ESPI,
            interval: { duration: (day.end - day.start) / 1000, start: day.start / 1000 },
            IntervalReading: day.readings.map((value) => ({
              ...(value.measured ? {} : { ReadingQuality: { quality: QUALITY_ESTIMATED } }),
              timePeriod: { duration: seconds, start: value.startsAt.getTime() / 1000 },
              value: value.wh,
            })),
          },
        },
      );
    }
  }
  yield '</feed>\n';
}

type Day = { date: string; start: number; end: number; readings: StoredReading[] };

/** Readings grouped by the day of the site's calendar they start on; a day's bounds are worked out once, not per reading. */
async function* byDay(readings: AsyncIterable<StoredReading>, timezone: string, from: Date, to: Date): AsyncGenerator<Day> {
  let day: Day | null = null;
  for await (const value of readings) {
    const at = value.startsAt.getTime();
    if (!day || at >= day.end) {
      if (day) yield day;
      const date = localDate(value.startsAt, timezone);
      const start = Math.max(instantAt(date, 0, timezone).getTime(), from.getTime());
      const end = Math.min(instantAt(addDays(date, 1), 0, timezone).getTime(), to.getTime());
      day = { date, start, end, readings: [] };
    }
    day.readings.push(value);
  }
  if (day) yield day;
}

/**
 * ESPI's LocalTimeParameters for a site's timezone: the standard offset, the daylight saving offset and the EU's rule
 * for both changes (Directive 2000/84/EC, Art. 2 and 3: the last Sunday of March and of October at 01:00 UTC), in
 * ESPI's DstRuleType bits (usage.xsd): month << 28 | operator << 25 | day of month << 20 | weekday << 17 | hour << 12 |
 * seconds, operator 7 = "the last such weekday of the month", weekday 7 = Sunday, hour on the clock being changed.
 */
export function localTimeParameters(timezone: string, year: number) {
  const offsetSeconds = (month: number) => {
    const day = `${year}-${String(month).padStart(2, '0')}-01`;
    return (Date.parse(`${day}T00:00:00Z`) - instantAt(day, 0, timezone).getTime()) / 1000;
  };
  const standard = offsetSeconds(1);
  const daylight = offsetSeconds(7) - standard;
  const rule = (month: number, hour: number) =>
    (((month << 28) | (7 << 25) | (7 << 17) | (hour << 12)) >>> 0).toString(16).toUpperCase().padStart(8, '0');
  const noRule = 'FFFFFFFF';
  return {
    dstEndRule: daylight ? rule(10, 1 + (standard + daylight) / 3600) : noRule,
    dstOffset: daylight,
    dstStartRule: daylight ? rule(3, 1 + standard / 3600) : noRule,
    tzOffset: standard,
  };
}

const isoSeconds = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;
