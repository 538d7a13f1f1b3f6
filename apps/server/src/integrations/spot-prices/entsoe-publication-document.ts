import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BiddingZone } from '@portal/schema/energy';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';
import type { ParsingTask } from '../../platform/parsing-pool.ts';

/**
 * ENTSO-E Transparency Platform day-ahead prices (document type A44, `Publication_MarketDocument`): one
 * TimeSeries per bidding zone and period, PT60M or PT15M points. With curve type A03 a position may be left
 * out, meaning the price of the position before it continues.
 */
export const BIDDING_ZONE_EIC: Record<string, BiddingZone> = {
  '10YFI-1--------U': 'FI',
  '10Y1001A1001A39I': 'EE',
  '10YLV-1001A00074': 'LV',
};

export type PublishedPrice = { zone: BiddingZone; startsAt: Date; minutes: number; eurPerMwh: string };
export type DocumentProblem = { element: string; message: string };

const RESOLUTION_MINUTES: Record<string, number> = { PT60M: 60, PT15M: 15 };
const PRICE = /^-?\d{1,6}(\.\d{1,2})?$/;

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
/** fast-xml-parser gives a leaf as a string or number, or as `{ '#text': … }` when it carries attributes. */
const text = (value: unknown): string => {
  const leaf = typeof value === 'object' && value !== null ? (value as { '#text'?: unknown })['#text'] : value;
  return typeof leaf === 'string' || typeof leaf === 'number' ? String(leaf).trim() : '';
};

/** ENTSO-E writes minutes without seconds (`2025-10-01T22:00Z`); Date accepts it once seconds are added. */
function instant(value: string): Date | null {
  const normalised = /T\d{2}:\d{2}Z$/.test(value) ? value.replace('Z', ':00Z') : value;
  const date = new Date(normalised);
  return /Z$|[+-]\d{2}:\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? date : null;
}

/** Normalises a price to two decimals as text (exact, no float arithmetic on money). */
function priceText(value: string): string {
  const [whole, decimals = ''] = value.split('.');
  return `${whole}.${decimals.padEnd(2, '0')}`;
}

type Period = { timeInterval?: { start?: unknown; end?: unknown }; resolution?: unknown; Point?: unknown };

/** The parse as a task of the server's parsing threads (platform/parsing-pool.ts): an import's XML never holds the event loop. */
export const PUBLICATION_DOCUMENT_TASK: ParsingTask = { file: new URL(import.meta.url), name: 'parsePublicationDocument' };

/**
 * Within the input limits (issue 25): a document with a DTD is refused before it is parsed (ENTSO-E documents have
 * none, and a DTD's entities are how XML inflates itself), and one nested deeper than 32 levels (ENTSO-E's: 5).
 */
export function parsePublicationDocument(xml: string): { prices: PublishedPrice[]; problems: DocumentProblem[] } {
  if (/<!(DOCTYPE|ENTITY)/i.test(xml))
    return { prices: [], problems: [{ element: 'document', message: 'a DTD (<!DOCTYPE>) is not accepted' }] };
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    return { prices: [], problems: [{ element: `line ${valid.err.line}`, message: `not well-formed XML: ${valid.err.msg}` }] };
  let parsed: Record<string, unknown>;
  try {
    parsed = new XMLParser({
      ignoreAttributes: false,
      removeNSPrefix: true,
      parseTagValue: false,
      maxNestedTags: INPUT_LIMITS.importXmlDepth.limit,
    }).parse(xml) as Record<string, unknown>;
  } catch (error) {
    return {
      prices: [],
      problems: [{ element: 'document', message: `${(error as Error).message} (at most ${INPUT_LIMITS.importXmlDepth.limit} levels)` }],
    };
  }
  const document = parsed.Publication_MarketDocument as Record<string, unknown> | undefined;
  if (!document) {
    const root = Object.keys(parsed).find((key) => key !== '?xml') ?? 'nothing';
    const reason = root === 'Acknowledgement_MarketDocument' ? 'the platform answered with an acknowledgement (no data)' : `found ${root}`;
    return { prices: [], problems: [{ element: 'document', message: `expected a Publication_MarketDocument, ${reason}` }] };
  }
  const problems: DocumentProblem[] = [];
  const prices: PublishedPrice[] = [];
  const series = asList(document.TimeSeries as Record<string, unknown> | Record<string, unknown>[]);
  if (series.length === 0) problems.push({ element: 'Publication_MarketDocument', message: 'has no TimeSeries' });

  series.forEach((timeSeries, seriesIndex) => {
    const at = `TimeSeries[${seriesIndex + 1}]`;
    const domain = text(timeSeries['in_Domain.mRID']);
    const zone = BIDDING_ZONE_EIC[domain];
    if (!zone) {
      problems.push({ element: `${at}/in_Domain.mRID`, message: `"${domain}" is not a bidding zone this portal serves (FI, EE, LV)` });
      return;
    }
    const currency = text(timeSeries['currency_Unit.name']);
    if (currency && currency !== 'EUR')
      problems.push({ element: `${at}/currency_Unit.name`, message: `currency must be EUR, not ${currency}` });
    const unit = text(timeSeries['price_Measure_Unit.name']);
    if (unit && unit !== 'MWH') problems.push({ element: `${at}/price_Measure_Unit.name`, message: `unit must be MWH, not ${unit}` });
    const curveType = text(timeSeries.curveType) || 'A01';

    asList(timeSeries.Period as Period | Period[]).forEach((period, periodIndex) => {
      const periodAt = `${at}/Period[${periodIndex + 1}]`;
      const start = instant(text(period.timeInterval?.start));
      const end = instant(text(period.timeInterval?.end));
      if (!start || !end || end <= start) {
        problems.push({ element: `${periodAt}/timeInterval`, message: 'needs a start and a later end in UTC (e.g. 2025-10-01T22:00Z)' });
        return;
      }
      const resolution = text(period.resolution);
      const minutes = RESOLUTION_MINUTES[resolution];
      if (!minutes) {
        problems.push({ element: `${periodAt}/resolution`, message: `"${resolution}" must be PT60M or PT15M` });
        return;
      }
      const count = (end.getTime() - start.getTime()) / (minutes * 60_000);
      if (!Number.isInteger(count)) {
        problems.push({ element: `${periodAt}/timeInterval`, message: `is not a whole number of ${resolution} periods` });
        return;
      }
      const byPosition = new Map<number, string>();
      asList(period.Point as Record<string, unknown> | Record<string, unknown>[]).forEach((point, pointIndex) => {
        const pointAt = `${periodAt}/Point[${pointIndex + 1}]`;
        const position = Number(text(point.position));
        const amount = text(point['price.amount']);
        if (!Number.isInteger(position) || position < 1 || position > count) {
          problems.push({ element: `${pointAt}/position`, message: `"${text(point.position)}" must be a whole number from 1 to ${count}` });
        } else if (!PRICE.test(amount)) {
          problems.push({ element: `${pointAt}/price.amount`, message: `"${amount}" is not a price in EUR/MWh with at most two decimals` });
        } else if (byPosition.has(position)) {
          problems.push({ element: `${pointAt}/position`, message: `position ${position} appears twice` });
        } else {
          byPosition.set(position, priceText(amount));
        }
      });
      if (!byPosition.has(1)) {
        problems.push({ element: `${periodAt}`, message: 'has no Point at position 1' });
        return;
      }
      let previous = byPosition.get(1)!;
      for (let position = 1; position <= count; position++) {
        const price = byPosition.get(position);
        if (price === undefined && curveType !== 'A03') {
          problems.push({ element: `${periodAt}`, message: `position ${position} is missing (curve type ${curveType} lists every point)` });
          return;
        }
        previous = price ?? previous;
        prices.push({ zone, startsAt: new Date(start.getTime() + (position - 1) * minutes * 60_000), minutes, eurPerMwh: previous });
      }
    });
  });
  const seen = new Map<string, PublishedPrice>();
  for (const price of prices) {
    const key = `${price.zone}|${price.startsAt.getTime()}`;
    const earlier = seen.get(key);
    if (earlier && earlier.eurPerMwh !== price.eurPerMwh) {
      problems.push({ element: 'TimeSeries', message: `${price.zone} ${price.startsAt.toISOString()} has two different prices` });
    }
    seen.set(key, price);
  }
  return { prices: problems.length > 0 ? [] : [...seen.values()], problems };
}
