import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/schema/calendar-dates';
import { queryRows } from '../../platform/database.ts';
import { buildMeteringPoint, customerIdOf, insertReadings } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { energyBuckets, type Bucket } from './energy-queries.ts';
import { importReadings } from './import-readings.ts';

const TIMEZONE = 'Europe/Helsinki';
const FIRST_DAY = '2026-03-20';
const utc = (iso: string) => new Date(iso);

/** A deterministic, uneven load: no two neighbouring values alike, so a bucket cut an hour off shows. */
const whAt = (startsAt: Date) => 100 + ((startsAt.getTime() / 300_000) % 97) * 7;
/** Now and then an estimate, so the ★ mark has to survive the sums. */
const measuredAt = (startsAt: Date) => startsAt.getUTCDate() % 9 !== 0 || startsAt.getUTCHours() % 5 !== 0;

describe('reading rollups (decision 081)', () => {
  const ctx = useTestApp();
  let pointId: string;
  let scope: { siteId: string; customerId: string };

  beforeAll(async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', resolutionMinutes: 15 });
    pointId = point.id;
    scope = { siteId: 'lumo', customerId: await customerIdOf(db, 'lumo', 'LUMO-100002') };
    // Quarter-hours across the spring change (29 March), hours across the autumn one (25 October), five minutes
    // between: one resolution per hour, as a meter that changed its interval over the months would leave them.
    await insertReadings(db, pointId, {
      from: utc('2026-03-19T22:00:00Z'),
      to: utc('2026-05-01T00:00:00Z'),
      minutes: 15,
      wh: whAt,
      measured: measuredAt,
    });
    await insertReadings(db, pointId, {
      from: utc('2026-05-01T00:00:00Z'),
      to: utc('2026-05-10T00:00:00Z'),
      minutes: 5,
      wh: whAt,
      measured: measuredAt,
    });
    await insertReadings(db, pointId, {
      from: utc('2026-05-10T00:00:00Z'),
      to: utc('2026-11-05T22:00:00Z'),
      minutes: 60,
      wh: whAt,
      measured: measuredAt,
    });
    await insertReadings(db, pointId, {
      from: utc('2026-03-19T22:00:00Z'),
      to: utc('2026-11-05T22:00:00Z'),
      direction: 'production',
      wh: (at) => whAt(at) % 50,
    });
  });

  /** The same buckets summed straight from the stored readings, on the site's clock. */
  async function fromReadings(from: string, to: string, bucket: Exclude<Bucket, 'quarter-hour' | 'five-minute'>, netted: boolean) {
    const rows = await queryRows<{ key: string; wh: string; estimated: boolean }>(
      ctx.database.db,
      sql`select to_char(date_trunc(${bucket}, starts_at, ${TIMEZONE}::text) at time zone ${TIMEZONE}::text, 'YYYY-MM-DD"T"HH24:MI') as key,
                 sum(case when direction = 'production' then ${netted ? -1 : 0} * wh else wh end) as wh, bool_or(not measured) as estimated
          from reading
          where metering_point_id = ${pointId} and (${netted} or direction = 'consumption')
            and starts_at >= (${from}::date::timestamp at time zone ${TIMEZONE}::text)
            and starts_at < ((${to}::date + 1)::timestamp at time zone ${TIMEZONE}::text)
          group by 1 order by 1`,
    );
    return rows.map((row) => ({ key: row.key, wh: Number(row.wh), estimated: row.estimated }));
  }

  it('give the same hours, days, months and years as the readings, for any range across the DST changes', async () => {
    const span = 230;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: span }),
        fc.integer({ min: 0, max: span }),
        fc.constantFrom<Exclude<Bucket, 'quarter-hour' | 'five-minute'>>('hour', 'day', 'month', 'year'),
        fc.boolean(),
        async (a, b, bucket, netted) => {
          const from = addDays(FIRST_DAY, Math.min(a, b));
          const to = addDays(FIRST_DAY, Math.min(Math.max(a, b), bucket === 'hour' ? Math.min(a, b) + 6 : span));
          const rolled = await energyBuckets(ctx.database.db, {
            scope,
            meteringPointIds: [pointId],
            directions: netted ? 'netted' : 'consumption',
            bucket,
            timezone: TIMEZONE,
            from,
            to,
          });
          const expected = await fromReadings(from, to, bucket, netted);
          expect(rolled.filter((row) => row.wh !== null).map((row) => ({ key: row.key, wh: row.wh, estimated: row.estimated }))).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 40, seed: 20261125 },
    );
  });

  it('count each hour once when a meter has it at several resolutions: its coarsest, the hourly value', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await insertReadings(db, point.id, { from: utc('2026-06-01T09:00:00Z'), to: utc('2026-06-01T10:00:00Z'), minutes: 60, wh: () => 1000 });
    // The same hour again in quarters, as a later, finer delivery of the meter would bring it.
    await insertReadings(db, point.id, { from: utc('2026-06-01T09:00:00Z'), to: utc('2026-06-01T10:00:00Z'), minutes: 15, wh: () => 250 });
    const [hour] = await energyBuckets(db, {
      scope,
      meteringPointIds: [point.id],
      directions: 'consumption',
      bucket: 'day',
      timezone: TIMEZONE,
      from: '2026-06-01',
      to: '2026-06-01',
    });
    expect(hour!.wh).toBe(1000);
  });

  it('follow an import in its own transaction: a corrected value changes its hour, day and month at once', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: '643007000000000125' });
    const csv = (kwh: string) =>
      `metering_point,interval_start,resolution,direction,kwh,status\n643007000000000125,2026-07-01T10:00:00Z,PT15M,consumption,${kwh},measured\n`;
    expect(await importReadings(db, csv('1.5'))).toMatchObject({ ok: true, inserted: 1 });
    const month = async () =>
      (
        await energyBuckets(db, {
          scope,
          meteringPointIds: [point.id],
          directions: 'consumption',
          bucket: 'month',
          timezone: TIMEZONE,
          from: '2026-07-01',
          to: '2026-07-31',
        })
      )[0]!.wh;
    expect(await month()).toBe(1500);
    expect(await importReadings(db, csv('0.25').replace('measured', 'estimated'))).toMatchObject({ ok: true, updated: 1 });
    expect(await month()).toBe(250);
    const [day] = await queryRows<{ wh: string; estimated_intervals: number }>(
      db,
      sql`select wh, estimated_intervals from reading_day where metering_point_id = ${point.id}`,
    );
    expect({ wh: Number(day!.wh), estimated: Number(day!.estimated_intervals) }).toEqual({ wh: 250, estimated: 1 });
  });

  it('go with their metering point', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await insertReadings(db, point.id, { from: utc('2026-08-01T00:00:00Z'), to: utc('2026-08-01T05:00:00Z') });
    const count = async (table: string) =>
      Number(
        (await queryRows<{ n: string }>(db, sql`select count(*) as n from ${sql.raw(table)} where metering_point_id = ${point.id}`))[0]!.n,
      );
    expect(await count('reading_hour')).toBe(5);
    await db.execute(sql`delete from metering_point where id = ${point.id}`);
    expect([await count('reading_hour'), await count('reading_day'), await count('reading_month')]).toEqual([0, 0, 0]);
  });
});
