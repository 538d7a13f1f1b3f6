import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/database.ts';
import { copyRows, copyValue } from '../bulk-copy.ts';
import { refreshSpotPriceHours } from '../spot-price-hours.ts';
import { contract, meteringPoint, priceComponent, supplyObject } from '../schema/energy.ts';
import { customer } from '../schema/identity.ts';
import { addDays, localDate, shiftYears } from '@portal/schema/calendar-dates';
import { ensureReadingPartitions } from '../../modules/readings/reading-partitions.ts';
import { refreshRollups, writtenRange } from '../../modules/readings/reading-rollups.ts';
import { DEMO_OBJECTS, type DemoMeter, type DemoObject } from './demo-energy-catalogue.ts';
import { loadKw, seedOf, solarKw, spotEurPerMwh, temperatureAt, utcOffsetHours, WEATHER_AREAS } from './energy-profiles.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The day-ahead market moved from hourly to 15-minute periods on 1 October 2025 (CET). */
export const QUARTER_HOUR_MARKET_FROM = Date.UTC(2025, 8, 30, 22);
const ZONES = ['FI', 'EE', 'LV'] as const;

export type EnergySeedOptions = {
  now?: Date;
  /** History from 1 January two years back by default; tests pass a few days. */
  historyDays?: number;
  /** Only these customers' objects (client codes); every demo customer by default. */
  clientCodes?: string[];
};

export type EnergySeedReport = { readings: number; spotPrices: number; temperatures: number; milliseconds: number };

/**
 * The demo customers' energy history (rule: deterministic, bulk). Objects, metering points and contracts are
 * inserted once; readings, spot prices and temperatures are topped up from the last stored interval to now,
 * so the first start loads two years and later starts only the hours since. Values come from pure functions of
 * the series and the instant, so a top-up continues the same story.
 */
export async function seedDemoEnergy(db: Database, options: EnergySeedOptions = {}): Promise<EnergySeedReport> {
  const started = Date.now();
  const now = (options.now ?? new Date()).getTime();
  const historyStart = options.historyDays ? Math.floor((now - options.historyDays * DAY) / HOUR) * HOUR : startOfLocalYear(now, -2);
  const readingsEnd = Math.floor(now / HOUR) * HOUR;
  const objects = DEMO_OBJECTS.filter((object) => !options.clientCodes || options.clientCodes.includes(object.clientCode));

  const customers = await customerIds(db, objects);
  const present = objects.filter((object) => customers.has(`${object.siteId}:${object.clientCode}`));
  await seedMasterData(db, present, customers, historyStart);
  // The history's months get their partitions before their readings arrive, rather than moving them in later.
  await ensureReadingPartitions(db, { now: new Date(now), from: new Date(historyStart) });

  let readings = 0;
  for (const object of present) {
    for (const meter of object.meters) readings += await topUpMeter(db, object, meter, historyStart, readingsEnd, now);
  }
  const areas = [...new Set(present.map((object) => object.area))];
  let temperatures = 0;
  for (const area of areas) temperatures += await topUpTemperature(db, area, historyStart, readingsEnd + HOUR);
  const spotPrices = await topUpSpotPrices(db, historyStart, now);
  // Fresh statistics after a bulk load: without them the planner guesses one row and picks nested loops (PGlite
  // runs no autovacuum; PostgreSQL's would come round later). The rollups count most: a year of priced hours
  // joined to an unanalysed spot_price_hour took two minutes and held PGlite's one thread all that time.
  if (readings + spotPrices + temperatures > 10_000) {
    await db.execute(sql`analyze reading, reading_hour, reading_day, reading_month, spot_price, spot_price_hour, temperature`);
  }
  return { readings, spotPrices, temperatures, milliseconds: Date.now() - started };
}

function startOfLocalYear(now: number, yearsBack: number): number {
  const year = new Date(now).getUTCFullYear() + yearsBack;
  const midnight = Date.UTC(year, 0, 1);
  return midnight - utcOffsetHours('Europe/Helsinki', midnight) * HOUR;
}

async function customerIds(db: Database, objects: DemoObject[]): Promise<Map<string, string>> {
  if (objects.length === 0) return new Map();
  const rows = await db
    .select({ id: customer.id, siteId: customer.siteId, clientCode: customer.clientCode })
    .from(customer)
    .where(inArray(customer.clientCode, [...new Set(objects.map((object) => object.clientCode))]));
  return new Map(rows.map((row) => [`${row.siteId}:${row.clientCode}`, row.id]));
}

async function seedMasterData(db: Database, objects: DemoObject[], customers: Map<string, string>, historyStart: number) {
  // The contracts start on the local day of the first reading. Helsinki stands for every site: Tallinn and
  // Riga keep the same offset all year.
  const startDate = localDate(new Date(historyStart), 'Europe/Helsinki');
  await db.transaction(async (tx) => {
    for (const object of objects) {
      const customerId = customers.get(`${object.siteId}:${object.clientCode}`)!;
      const inserted = await tx
        .insert(supplyObject)
        .values({
          id: object.id,
          siteId: object.siteId,
          customerId,
          street: object.street,
          postalCode: object.postalCode,
          city: object.city,
          countryCode: object.countryCode,
          temperatureArea: object.area,
          ...(object.home && { ...object.home, homeDetailsSource: 'register' as const }),
        })
        .onConflictDoNothing()
        .returning({ id: supplyObject.id });
      if (inserted.length === 0) continue;
      for (const meter of object.meters) {
        await tx.insert(meteringPoint).values({
          id: meter.id,
          siteId: object.siteId,
          customerId,
          objectId: object.id,
          gsrn: meter.code,
          utility: meter.utility,
          usagePointKind: meter.usagePointKind,
          biddingZone: meter.zone,
          resolutionMinutes: meter.fiveMinuteDays ? 5 : meter.quarterHourDays ? 15 : 60,
          hasProduction: !!meter.solarKwp,
          meterNumber: meter.meterNumber,
          readByHand: meter.readByHand ?? false,
        });
        const contractId = `ct-${meter.id.slice(3)}`;
        await tx.insert(contract).values({
          id: contractId,
          siteId: object.siteId,
          customerId,
          meteringPointId: meter.id,
          contractNumber: meter.contract.number,
          type: meter.contract.type,
          productName: meter.contract.productName,
          priceType: meter.contract.priceType,
          startDate,
          endDate: null,
          status: 'active',
          termMonths: meter.contract.termMonths ?? null,
          billingChannel: meter.contract.billing?.channel ?? 'Address',
          billingTarget: meter.contract.billing?.target ?? `${object.street}, ${object.postalCode} ${object.city}`,
          billingOperator: meter.contract.billing?.operator ?? null,
          signedAt: new Date(`${startDate}T09:00:00Z`),
        });
        const previous = meter.contract.previous;
        if (previous) {
          const previousId = `ct-${meter.id.slice(3)}-previous`;
          const previousStart = shiftYears(startDate, -previous.years);
          await tx.insert(contract).values({
            id: previousId,
            siteId: object.siteId,
            customerId,
            meteringPointId: meter.id,
            contractNumber: previous.number,
            type: meter.contract.type,
            productName: previous.productName,
            priceType: previous.priceType,
            startDate: previousStart,
            endDate: addDays(startDate, -1),
            status: 'ended',
            billingChannel: 'Address',
            billingTarget: `${object.street}, ${object.postalCode} ${object.city}`,
            signedAt: new Date(`${previousStart}T09:00:00Z`),
          });
          await tx.insert(priceComponent).values(
            previous.components.map((component) => ({
              contractId: previousId,
              kind: component.kind,
              unit: component.unit,
              priceCents: component.priceCents,
              validFrom: previousStart,
              validTo: null,
            })),
          );
        }
        await tx.insert(priceComponent).values(
          meter.contract.components.map((component) => ({
            contractId,
            kind: component.kind,
            unit: component.unit,
            priceCents: component.priceCents,
            thresholdKw: component.thresholdKw ?? null,
            validFrom: component.validFrom && component.validFrom > startDate ? component.validFrom : startDate,
            validTo: component.validTo ?? null,
          })),
        );
      }
    }
  });
}

async function lastStored(db: Database, query: ReturnType<typeof sql>): Promise<number | null> {
  const [row] = await queryRows<{ last: Date | string | null }>(db, query);
  const last = row?.last;
  return last ? new Date(last).getTime() : null;
}

/**
 * One meter's intervals from its last stored hour to `end`: hourly, with 15- and 5-minute detail for the
 * recent days the meter reports them (each coarser row the exact sum of its finer ones), import and export
 * split per finest interval, a gap and a stretch of estimated values where the catalogue asks.
 */
async function topUpMeter(
  db: Database,
  object: DemoObject,
  meter: DemoMeter,
  historyStart: number,
  end: number,
  now: number,
): Promise<number> {
  const last = await lastStored(
    db,
    sql`select max(starts_at) as last from reading where metering_point_id = ${meter.id} and direction = 'consumption' and resolution_minutes = 60`,
  );
  const start = last === null ? historyStart : last + HOUR;
  if (start >= end) return 0;
  const area = WEATHER_AREAS[object.area]!;
  const seed = seedOf(meter.readingsOf ?? meter.id);
  const quarterFrom = meter.quarterHourDays ? end - meter.quarterHourDays * DAY : Infinity;
  const fiveFrom = meter.fiveMinuteDays ? end - meter.fiveMinuteDays * DAY : Infinity;
  const gapFrom = meter.gap ? Math.floor((now - meter.gap[0] * DAY) / HOUR) * HOUR : Infinity;
  const gapTo = meter.gap ? gapFrom + meter.gap[1] * HOUR : -Infinity;
  const estimatedFrom = meter.estimated ? Math.floor((now - meter.estimated[0] * DAY) / DAY) * DAY : Infinity;
  const estimatedTo = meter.estimated ? estimatedFrom + meter.estimated[1] * DAY : -Infinity;
  const lines: string[] = [];
  const emit = (at: number, direction: string, minutes: number, wh: number, measured: boolean) =>
    lines.push(`${meter.id}\t${new Date(at).toISOString()}\t${direction}\t${minutes}\t${wh}\t${measured ? 't' : 'f'}`);

  for (let hour = start; hour < end; hour += HOUR) {
    if (hour >= gapFrom && hour < gapTo) continue;
    const measured = !(hour >= estimatedFrom && hour < estimatedTo);
    const finest = hour >= fiveFrom ? 5 : hour >= quarterFrom ? 15 : 60;
    const intervals: { at: number; consumption: number; production: number }[] = [];
    for (let at = hour; at < hour + HOUR; at += finest * MINUTE) {
      const middle = at + (finest * MINUTE) / 2;
      // Estimated values follow the typical profile: the operator's estimate has none of the real jitter.
      const load = measured
        ? loadKw(meter.profile, area, seed, middle)
        : loadKw(meter.profile, area, seedOf('estimate'), middle - (middle % HOUR) + HOUR / 2);
      const solar = meter.solarKwp ? solarKw(area, meter.solarKwp, middle) : 0;
      const toWh = (kw: number) => Math.round((kw * finest * 1000) / 60);
      intervals.push({ at, consumption: toWh(Math.max(0, load - solar)), production: toWh(Math.max(0, solar - load)) });
    }
    const directions: ('consumption' | 'production')[] = meter.solarKwp ? ['consumption', 'production'] : ['consumption'];
    for (const direction of directions) {
      if (finest < 60) for (const interval of intervals) emit(interval.at, direction, finest, interval[direction], measured);
      if (finest === 5) {
        for (let quarter = 0; quarter < 4; quarter++) {
          const sum = intervals.slice(quarter * 3, quarter * 3 + 3).reduce((total, interval) => total + interval[direction], 0);
          emit(hour + quarter * 15 * MINUTE, direction, 15, sum, measured);
        }
      }
      emit(
        hour,
        direction,
        60,
        intervals.reduce((total, interval) => total + interval[direction], 0),
        measured,
      );
    }
  }
  await db.transaction(async (tx) => {
    await copyRows(tx, 'reading', ['metering_point_id', 'starts_at', 'direction', 'resolution_minutes', 'wh', 'measured'], lines);
    await refreshRollups(tx, writtenRange([meter.id], new Date(start), new Date(end)));
  });
  return lines.length;
}

async function topUpTemperature(db: Database, areaId: string, historyStart: number, end: number): Promise<number> {
  const last = await lastStored(db, sql`select max(starts_at) as last from temperature where area = ${areaId}`);
  const start = last === null ? historyStart : last + HOUR;
  const area = WEATHER_AREAS[areaId]!;
  const lines: string[] = [];
  for (let at = start; at < end; at += HOUR)
    lines.push(`${copyValue(areaId)}\t${new Date(at).toISOString()}\t${Math.round(temperatureAt(area, at) * 10)}`);
  await copyRows(db, 'temperature', ['area', 'starts_at', 'deci_celsius'], lines);
  return lines.length;
}

/**
 * Day-ahead prices as the market publishes them: hourly before 1 October 2025 and per 15 minutes since,
 * tomorrow's once the auction result is out (about 14:00 in the Baltic and Finnish timezone).
 */
export function publishedUntil(now: number): number {
  const offset = utcOffsetHours('Europe/Helsinki', now);
  const local = new Date(now + offset * HOUR);
  const days = local.getUTCHours() >= 14 ? 2 : 1;
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  return midnight - utcOffsetHours('Europe/Helsinki', midnight) * HOUR;
}

export async function topUpSpotPrices(db: Database, historyStart: number, now: number): Promise<number> {
  const until = publishedUntil(now);
  let count = 0;
  for (const zone of ZONES) {
    const last = await lastStored(
      db,
      sql`select max(starts_at) + make_interval(mins => max(resolution_minutes)::int) as last from spot_price where bidding_zone = ${zone}
      and starts_at = (select max(starts_at) from spot_price where bidding_zone = ${zone})`,
    );
    const lines: string[] = [];
    for (let at = last ?? historyStart; at < until;) {
      const minutes = at >= QUARTER_HOUR_MARKET_FROM ? 15 : 60;
      lines.push(`${zone}\t${new Date(at).toISOString()}\t${minutes}\t${spotEurPerMwh(zone, at, minutes).toFixed(2)}`);
      at += minutes * MINUTE;
    }
    if (lines.length === 0) continue;
    const from = last ?? historyStart;
    await db.transaction(async (tx) => {
      await copyRows(tx, 'spot_price', ['bidding_zone', 'starts_at', 'resolution_minutes', 'eur_per_mwh'], lines);
      await refreshSpotPriceHours(
        tx,
        sql`select ${zone}::text as bidding_zone, h as starts_at
            from generate_series(${new Date(from).toISOString()}::timestamptz, ${new Date(until).toISOString()}::timestamptz - interval '1 minute', interval '1 hour') h`,
      );
    });
    count += lines.length;
  }
  return count;
}
