import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { localTimeParameters } from './espi-feed.ts';

const SCHEMA_FOLDER = new URL('./espi-schema/', import.meta.url);
const schemaFile = (fileName: string) => ({ fileName, contents: readFileSync(new URL(fileName, SCHEMA_FOLDER), 'utf8') });

/** Validates a feed against the published ESPI 3.3 schema (usage.xsd, which imports atom.xsd and xml.xsd). */
async function schemaErrors(feed: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'feed.xml', contents: feed }],
    schema: [schemaFile('usage.xsd')],
    preload: [schemaFile('atom.xsd'), schemaFile('xml.xsd')],
  });
  return result.errors.map((error) => error.message);
}

const parse = (feed: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    isArray: (name) => ['entry', 'link', 'IntervalReading'].includes(name),
  }).parse(feed);
type Entry = { title: string; content: Record<string, Record<string, unknown>> };
const entriesOf = (feed: string): Entry[] => parse(feed).feed.entry;
const resourceOf = (entry: Entry) => Object.keys(entry.content)[0]!;

const utc = (iso: string) => new Date(iso);

describe('GET /api/readings/download', () => {
  const ctx = useTestApp();

  async function download(site: keyof typeof HOSTS, ssn: string, query: string, locale?: string) {
    const cookie = await sessionCookieFor(ctx.database.db, ssn, site, locale ? `NEXT_LOCALE=${locale}` : '');
    return ctx.app.inject({ url: `/api/readings/download?${query}`, headers: { host: HOSTS[site], cookie } });
  }

  it('writes a Green Button feed that the published ESPI 3.3 schema accepts, estimated values marked (worked example)', async () => {
    const point = await buildMeteringPoint(ctx.database.db, {
      siteId: 'lumo',
      clientCode: 'LUMO-100002',
      gsrn: '643001100000543212',
      resolutionMinutes: 15,
      hasProduction: true,
      street: 'Testikatu 1 & 2',
    });
    // Helsinki's clock went back on 26 October 2025 at 04:00 EEST: that day has 25 hours = 100 quarter hours.
    await insertReadings(ctx.database.db, point.id, {
      from: utc('2025-10-25T21:00:00Z'),
      to: utc('2025-10-27T22:00:00Z'),
      minutes: 15,
      wh: (at) => 250 + at.getUTCMinutes(),
      measured: (at) => at.getTime() !== utc('2025-10-26T10:15:00Z').getTime(),
    });
    await insertReadings(ctx.database.db, point.id, {
      from: utc('2025-10-26T10:00:00Z'),
      to: utc('2025-10-26T11:00:00Z'),
      direction: 'production',
      wh: () => 1234,
    });

    const response = await download('lumo', 'FI010101-123N', `meteringPointId=${point.id}&from=2025-10-26&to=2025-10-27&format=espi`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('643001100000543212_2025-10-26_2025-10-27_green-button.xml');
    expect(await schemaErrors(response.body)).toEqual([]);
    // The check is a real one: a service kind by name instead of ESPI's number fails it.
    expect(await schemaErrors(response.body.replace('<kind>0</kind>', '<kind>electricity</kind>'))).not.toEqual([]);

    const entries = entriesOf(response.body);
    expect(entries.map(resourceOf)).toEqual([
      'UsagePoint',
      'LocalTimeParameters',
      'MeterReading',
      'ReadingType',
      'IntervalBlock',
      'IntervalBlock',
      'MeterReading',
      'ReadingType',
      'IntervalBlock',
    ]);
    expect(entries[0]!.title).toBe('Testikatu 1 & 2, 00100 Helsinki');
    expect(entries[0]!.content.UsagePoint).toMatchObject({ ServiceCategory: { kind: 0 }, status: 1 });
    expect(entries[1]!.content.LocalTimeParameters).toMatchObject({ tzOffset: 7200, dstOffset: 3600 });
    expect(entries[3]!.content.ReadingType).toMatchObject({ flowDirection: 1, intervalLength: 900, uom: 72, powerOfTenMultiplier: 0 });
    expect(entries[7]!.content.ReadingType).toMatchObject({ flowDirection: 19, intervalLength: 3600 });

    type Reading = { timePeriod: { start: number; duration: number }; value: number; ReadingQuality?: { quality: number } };
    const block = (entry: Entry) =>
      entry.content.IntervalBlock as { interval: { start: number; duration: number }; IntervalReading: Reading[] };
    const longDay = block(entries[4]!);
    // 26 October starts at 00:00 EEST = 25 Oct 21:00 UTC and lasts 25 hours.
    expect(longDay.interval).toEqual({ start: Date.parse('2025-10-25T21:00:00Z') / 1000, duration: 25 * 3600 });
    expect(longDay.IntervalReading).toHaveLength(100);
    expect(longDay.IntervalReading[0]).toEqual({ timePeriod: { duration: 900, start: longDay.interval.start }, value: 250 });
    const estimated = longDay.IntervalReading.filter((one) => one.ReadingQuality);
    expect(estimated).toEqual([
      { ReadingQuality: { quality: 8 }, timePeriod: { duration: 900, start: Date.parse('2025-10-26T10:15:00Z') / 1000 }, value: 265 },
    ]);
    expect(block(entries[5]!).IntervalReading).toHaveLength(96);
    expect(block(entries[8]!).IntervalReading).toEqual([
      { timePeriod: { duration: 3600, start: Date.parse('2025-10-26T10:00:00Z') / 1000 }, value: 1234 },
    ]);
  });

  it('gives a valid feed with no interval blocks for a period without readings', async () => {
    const point = await buildMeteringPoint(ctx.database.db, {
      siteId: 'daugava',
      clientCode: 'DS-300501',
      utility: 'gas',
      biddingZone: 'LV',
    });
    const response = await download('daugava', 'LV150385-12346', `meteringPointId=${point.id}&from=2024-01-01&to=2024-12-31&format=espi`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await schemaErrors(response.body)).toEqual([]);
    const entries = entriesOf(response.body);
    expect(entries.map(resourceOf)).toEqual(['UsagePoint', 'LocalTimeParameters']);
    expect(entries[0]!.content.UsagePoint).toMatchObject({ ServiceCategory: { kind: 1 } });
  });

  it("encodes the EU's daylight saving rule as ESPI's DST rule bits (Directive 2000/84/EC)", () => {
    // Last Sunday of March at 03:00 EET (01:00 UTC): month 3, operator 7 (last), weekday 7 (Sunday), hour 3.
    // Last Sunday of October at 04:00 EEST (01:00 UTC): month 10, operator 7, weekday 7, hour 4.
    expect(localTimeParameters('Europe/Helsinki', 2026)).toEqual({
      dstStartRule: '3E0E3000',
      dstEndRule: 'AE0E4000',
      dstOffset: 3600,
      tzOffset: 7200,
    });
    expect(localTimeParameters('Europe/Riga', 2026)).toEqual(localTimeParameters('Europe/Helsinki', 2026));
    expect(localTimeParameters('UTC', 2026)).toEqual({ dstStartRule: 'FFFFFFFF', dstEndRule: 'FFFFFFFF', dstOffset: 0, tzOffset: 0 });
  });

  it("writes a Finnish site's readings in Fingrid Datahub's layout, in the reader's separators", async () => {
    const point = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: '643001100000000017' });
    await insertReadings(ctx.database.db, point.id, {
      from: utc('2026-01-14T22:00:00Z'),
      to: utc('2026-01-15T00:00:00Z'),
      wh: (at) => (at.getUTCHours() === 22 ? 1234 : 5),
      measured: (at) => at.getUTCHours() === 22,
    });
    const query = `meteringPointId=${point.id}&from=2026-01-15&to=2026-01-15&format=csv`;

    const finnish = await download('lumo', 'FI010101-123N', query, 'fi-FI');
    expect(finnish.statusCode, finnish.body).toBe(200);
    expect(finnish.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(finnish.body).toBe(
      '\uFEFFMetering point ID;Product type;Resolution;Unit type;Reading type;Start time;Quantity;Quality;Direction\r\n' +
        '643001100000000017;8716867000030;PT1H;kWh;BN01;2026-01-14T22:00:00Z;1,234;OK;consumption\r\n' +
        '643001100000000017;8716867000030;PT1H;kWh;BN01;2026-01-14T23:00:00Z;0,005;Estimated;consumption\r\n',
    );

    const english = await download('lumo', 'FI010101-123N', query, 'en-GB');
    expect(english.body.split('\r\n')[1]).toBe('643001100000000017,8716867000030,PT1H,kWh,BN01,2026-01-14T22:00:00Z,1.234,OK,consumption');
  });

  it("writes an Estonian site's readings in Elering Datahub's layout: one line per interval, IN production, OUT consumption", async () => {
    const point = await buildMeteringPoint(ctx.database.db, {
      siteId: 'virmalise',
      clientCode: 'VE-500102',
      gsrn: '38ZEE-1000009--Z',
      biddingZone: 'EE',
      hasProduction: true,
    });
    await insertReadings(ctx.database.db, point.id, { from: utc('2026-06-30T21:00:00Z'), to: utc('2026-06-30T23:00:00Z'), wh: () => 1500 });
    await insertReadings(ctx.database.db, point.id, {
      from: utc('2026-06-30T22:00:00Z'),
      to: utc('2026-06-30T23:00:00Z'),
      direction: 'production',
      wh: () => 20,
      measured: () => false,
    });

    const response = await download(
      'virmalise',
      'EE38001085718',
      `meteringPointId=${point.id}&from=2026-07-01&to=2026-07-01&format=csv`,
      'et-EE',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(
      '\uFEFFMeter EIC;Period Start;Resolution;Quantity KWH IN;Quantity KWH OUT;Reading Type IN;Reading Type OUT\r\n' +
        '38ZEE-1000009--Z;01.07.2026 00:00;HOURLY;;1,500;;METERED\r\n' +
        '38ZEE-1000009--Z;01.07.2026 01:00;HOURLY;0,020;1,500;ESTIMATED;METERED\r\n',
    );
  });

  it('gives the customer only their own metering points, and says what is wrong with a bad query', async () => {
    const point = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    const ok = `meteringPointId=${point.id}&from=2026-01-01&to=2026-01-31`;
    // Aino is another customer of the same site: Mikko's point does not exist for her.
    const stranger = await download('lumo', 'FI131052-308T', `${ok}&format=espi`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'METERING_POINT_NOT_FOUND' });

    const unknownFormat = await download('lumo', 'FI010101-123N', `${ok}&format=pdf`);
    expect(unknownFormat.statusCode).toBe(400);
    expect(unknownFormat.json().message).toContain('format');
    const backwards = await download('lumo', 'FI010101-123N', `meteringPointId=${point.id}&from=2026-02-01&to=2026-01-01&format=csv`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('from must not be after to');
  });
});
