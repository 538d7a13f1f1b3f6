import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths } from '@portal/schema/calendar-dates';
import type { FloorAreaBand, Heating, HomeKind, HomesComparison } from '@portal/schema/homes-comparison';
import { readingMonth } from '../../db/schema/energy-rollups.ts';
import { supplyObject } from '../../db/schema/energy.ts';
import { customer } from '../../db/schema/identity.ts';
import type { Database } from '../../platform/database.ts';
import { buildMeteringPoint } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { comparisonSpan } from './homes-comparison.ts';

type Details = { homeKind: HomeKind; heating: Heating; floorAreaBand: FloorAreaBand | null };

/** The twelve months the comparison covers today, first days, oldest first. */
const SPAN = comparisonSpan('Europe/Helsinki', new Date());
const MONTHS = Array.from({ length: 12 }, (_, index) => addMonths(SPAN.first, index));

async function describeHome(db: Database, objectId: string, details: Details) {
  await db
    .update(supplyObject)
    .set({ ...details, homeDetailsSource: 'register' })
    .where(eq(supplyObject.id, objectId));
}

async function writeMonths(db: Database, pointId: string, kwh: (month: number) => number | null) {
  const rows = MONTHS.flatMap((month, index) => {
    const value = kwh(index);
    return value === null
      ? []
      : [
          {
            meteringPointId: pointId,
            direction: 'consumption' as const,
            month,
            wh: Math.round(value * 1000),
            measuredIntervals: 1,
            estimatedIntervals: 0,
          },
        ];
  });
  if (rows.length) await db.insert(readingMonth).values(rows);
}

/** `count` homes of other customers (a customer each, as the utility's customers who never signed in), with their months. */
async function buildHomes(
  db: Database,
  {
    siteId = 'lumo',
    count,
    details,
    kwh,
  }: { siteId?: string; count: number; details: Details; kwh: (home: number, month: number) => number | null },
) {
  const ids: string[] = [];
  for (let home = 0; home < count; home++) {
    const clientCode = `T-${randomUUID().slice(0, 8)}`;
    await db.insert(customer).values({ siteId, clientCode, type: 'private', name: clientCode });
    const point = await buildMeteringPoint(db, { siteId, clientCode, biddingZone: 'FI' });
    await describeHome(db, point.objectId, details);
    await writeMonths(db, point.id, (month) => kwh(home, month));
    ids.push(point.id);
  }
  return ids;
}

describe('homes like mine', () => {
  const ctx = useTestApp();
  const get = async (ssn: string, meteringPointId: string | undefined, host: string = HOSTS.lumo, siteId = 'lumo') =>
    ctx.app.inject({
      url: `/api/usage-points/homes-comparison${meteringPointId === undefined ? '' : `?meteringPointId=${meteringPointId}`}`,
      headers: { host, cookie: await sessionCookieFor(ctx.database.db, ssn, siteId) },
    });
  const put = async (ssn: string, body: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/usage-points/home',
      headers: { host: HOSTS.lumo, cookie: await sessionCookieFor(ctx.database.db, ssn, 'lumo'), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('answers the median and the 25th percentile of 20 other homes, computed by hand', async () => {
    const db = ctx.database.db;
    const details: Details = { homeKind: 'terraced', heating: 'heat-pump', floorAreaBand: '120-150' };
    // Home h (0…19) used (h + 1) × 100 kWh in every month, and 50 kWh more in the last one: 100, 200, …, 2 000.
    await buildHomes(db, { count: 20, details, kwh: (home, month) => (home + 1) * 100 + (month === 11 ? 50 : 0) });
    // Not counted: a home with a month missing, the same kind of home on another site, and Aino's own other place.
    await buildHomes(db, { count: 1, details, kwh: (_home, month) => (month === 3 ? null : 5) });
    await buildHomes(db, { siteId: 'kallio', count: 3, details, kwh: () => 1 });
    const aino = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    await describeHome(db, aino.objectId, details);
    await writeMonths(db, aino.id, (month) => (month === 0 ? null : 900 + month));
    const second = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    await describeHome(db, second.objectId, details);
    await writeMonths(db, second.id, () => 1);

    const response = await get(PEOPLE.aino, aino.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json<HomesComparison>();
    expect(answer).toMatchObject({
      meteringPointId: aino.id,
      utility: 'electricity',
      status: 'available',
      minimumHomes: 20,
      home: details,
      group: { ...details, homes: 20, widened: false },
    });
    expect(answer.months.map((month) => month.month)).toEqual(MONTHS.map((month) => month.slice(0, 7)));
    // Median of 100 … 2 000 (20 values): the mean of the 10th and 11th, (1 000 + 1 100) / 2 = 1 050.
    // 25th percentile (continuous): position 0.25 × 19 = 4.75 from the first, 500 + 0.75 × (600 − 500) = 575.
    expect(answer.months[0]).toEqual({ month: MONTHS[0]!.slice(0, 7), myKwh: null, medianKwh: 1050, efficientKwh: 575 });
    expect(answer.months[5]).toEqual({ month: MONTHS[5]!.slice(0, 7), myKwh: 905, medianKwh: 1050, efficientKwh: 575 });
    // The last month, each home 50 kWh more: 1 100 and 625.
    expect(answer.months[11]).toEqual({ month: MONTHS[11]!.slice(0, 7), myKwh: 911, medianKwh: 1100, efficientKwh: 625 });
  });

  it('never answers a group of fewer than 20 other homes, and says so', async () => {
    const db = ctx.database.db;
    const details: Details = { homeKind: 'detached', heating: 'other', floorAreaBand: 'over-200' };
    await buildHomes(db, { count: 19, details, kwh: () => 1000 });
    const mikko = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await describeHome(db, mikko.objectId, details);
    const response = await get(PEOPLE.mikko, mikko.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      meteringPointId: mikko.id,
      utility: 'electricity',
      home: details,
      status: 'too-few-homes',
      minimumHomes: 20,
      // The widest group tried, without telling how many it holds.
      group: { homeKind: 'detached', heating: null, floorAreaBand: null, homes: null, widened: true },
      months: [],
    });
    // The twentieth home makes the group.
    await buildHomes(db, { count: 1, details, kwh: () => 1000 });
    expect((await get(PEOPLE.mikko, mikko.id)).json()).toMatchObject({ status: 'available', group: { homes: 20, widened: false } });
  });

  it('widens a group too small to the heating, then to the kind of home, and says which it used', async () => {
    const db = ctx.database.db;
    const flat: Details = { homeKind: 'apartment', heating: 'gas', floorAreaBand: '50-80' };
    await buildHomes(db, { count: 5, details: flat, kwh: () => 100 });
    await buildHomes(db, { count: 15, details: { ...flat, floorAreaBand: '80-120' }, kwh: () => 300 });
    const mikko = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await describeHome(db, mikko.objectId, flat);
    const bySize = (await get(PEOPLE.mikko, mikko.id)).json<HomesComparison>();
    expect(bySize.group).toEqual({ homeKind: 'apartment', heating: 'gas', floorAreaBand: null, homes: 20, widened: true });
    // 5 homes of 100 and 15 of 300: the median is 300, the 25th percentile at 4.75 is 100 + 0.75 × 200 = 250.
    expect(bySize.months[0]).toMatchObject({ medianKwh: 300, efficientKwh: 250 });

    const holiday: Details = { homeKind: 'holiday-home', heating: 'gas', floorAreaBand: '50-80' };
    await buildHomes(db, { count: 8, details: holiday, kwh: () => 100 });
    await buildHomes(db, { count: 12, details: { ...holiday, heating: 'other', floorAreaBand: null }, kwh: () => 100 });
    const cottage = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await describeHome(db, cottage.objectId, holiday);
    expect((await get(PEOPLE.mikko, cottage.id)).json<HomesComparison>().group).toEqual({
      homeKind: 'holiday-home',
      heating: null,
      floorAreaBand: null,
      homes: 20,
      widened: true,
    });
  });

  it('asks for the kind of home when it is unknown, and keeps what the customer tells', async () => {
    const db = ctx.database.db;
    const mikko = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    expect((await get(PEOPLE.mikko, mikko.id)).json()).toMatchObject({
      status: 'home-unknown',
      home: { homeKind: null, heating: null, floorAreaBand: null },
      group: null,
      months: [],
    });
    const saved = await put(PEOPLE.mikko, { meteringPointId: mikko.id, homeKind: 'terraced', heating: 'district', floorAreaBand: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ homeKind: 'terraced', heating: 'district', floorAreaBand: null });
    const [place] = await db.select().from(supplyObject).where(eq(supplyObject.id, mikko.objectId));
    expect(place).toMatchObject({ homeKind: 'terraced', heating: 'district', floorAreaBand: null, homeDetailsSource: 'customer' });
    // Compared from now on with terraced houses (of any heating: none of the other terraced houses here is district-heated).
    expect((await get(PEOPLE.mikko, mikko.id)).json()).toMatchObject({
      status: 'available',
      home: { homeKind: 'terraced', heating: 'district', floorAreaBand: null },
      group: { homeKind: 'terraced', heating: null, widened: true },
    });
  });

  it("answers a customer's own metering points only, on their own site", async () => {
    const db = ctx.database.db;
    const aino = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    await describeHome(db, aino.objectId, { homeKind: 'detached', heating: 'electric', floorAreaBand: null });
    expect((await get(PEOPLE.aino, aino.id)).statusCode).toBe(200);
    // Mikko cannot compare Aino's point, nor describe its home; Aino cannot reach it from Kallio Verkot's site.
    expect((await get(PEOPLE.mikko, aino.id)).json()).toMatchObject({ statusCode: 404, code: 'METERING_POINT_NOT_FOUND' });
    expect((await get(PEOPLE.aino, aino.id, HOSTS.kallio, 'kallio')).statusCode).toBe(404);
    const refused = await put(PEOPLE.mikko, { meteringPointId: aino.id, homeKind: 'apartment', heating: 'other', floorAreaBand: null });
    expect(refused.statusCode).toBe(404);
    const [place] = await db.select().from(supplyObject).where(eq(supplyObject.id, aino.objectId));
    expect(place).toMatchObject({ homeKind: 'detached', heating: 'electric' });
  });

  it('refuses bad input with 400', async () => {
    const aino = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    expect((await get(PEOPLE.aino, undefined)).statusCode).toBe(400);
    expect((await get(PEOPLE.aino, '')).statusCode).toBe(400);
    expect((await get(PEOPLE.aino, 'x'.repeat(101))).statusCode).toBe(400);
    for (const body of [
      { meteringPointId: aino.id, homeKind: 'castle', heating: 'electric', floorAreaBand: null },
      { meteringPointId: aino.id, homeKind: 'detached', heating: 'coal', floorAreaBand: null },
      { meteringPointId: aino.id, homeKind: 'detached', heating: 'electric', floorAreaBand: '1000' },
      { meteringPointId: aino.id, homeKind: 'detached' },
      { homeKind: 'detached', heating: 'electric', floorAreaBand: null },
    ]) {
      const response = await put(PEOPLE.aino, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
