import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reading, spotPrice } from '../db/schema/energy.ts';
import { importSpotPrices } from '../integrations/spot-prices/import-spot-prices.ts';
import { importReadings } from '../modules/readings/import-readings.ts';
import { queryRows } from '../platform/database.ts';
import { buildMeteringPoint } from '../test-support/energy-factories.ts';
import { useTestApp } from '../test-support/test-app.ts';
import { migratedPgliteFolder } from '../test-support/test-database.ts';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
const GSRN = '643001100000999996';

describe('npm run import -- readings', () => {
  const ctx = useTestApp();

  it('imports CSV readings in exact Wh, and a second import changes nothing', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: GSRN, hasProduction: true });
    const first = await importReadings(db, fixture('readings-good.csv'));
    expect(first).toEqual({ ok: true, rows: 6, inserted: 6, updated: 0, unchanged: 0 });
    const again = await importReadings(db, fixture('readings-good.csv'));
    expect(again).toEqual({ ok: true, rows: 6, inserted: 0, updated: 0, unchanged: 6 });

    const hourly = await db
      .select({ startsAt: reading.startsAt, wh: reading.wh, measured: reading.measured })
      .from(reading)
      .where(and(eq(reading.meteringPointId, point.id), eq(reading.resolutionMinutes, 60), eq(reading.direction, 'consumption')))
      .orderBy(asc(reading.startsAt));
    expect(hourly).toEqual([
      { startsAt: new Date('2026-01-14T22:00:00Z'), wh: 1234, measured: true },
      { startsAt: new Date('2026-01-14T23:00:00Z'), wh: 987, measured: true },
      { startsAt: new Date('2026-01-15T00:00:00Z'), wh: 1500, measured: false },
    ]);

    // A corrected value (semicolons, decimal comma) updates in place; a new hour is added.
    const corrected = await importReadings(db, fixture('readings-semicolon.csv'));
    expect(corrected).toEqual({ ok: true, rows: 2, inserted: 1, updated: 1, unchanged: 0 });
  });

  it('names every bad line and writes nothing', async () => {
    const db = ctx.database.db;
    await buildMeteringPoint(db, { siteId: 'virmalise', clientCode: 'VE-500102', gsrn: '474005100000999995' }).catch(() => undefined);
    const result = await importReadings(db, fixture('readings-bad.csv'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      '3: interval_start "2026-01-15 01:00" is not an ISO-8601 time with an offset (e.g. 2026-01-15T00:00:00+02:00)',
      '4: resolution "PT30M" must be PT60M, PT15M or PT5M',
      '5: kwh "1.2345" must be a number with at most three decimals',
      '6: direction "import" must be consumption or production',
      '7: metering point 643001100000111114 is not known',
      '8: status "guessed" must be measured or estimated',
      '9: the same interval is already on line 2',
    ]);
  });
});

describe('npm run import -- prices', () => {
  const ctx = useTestApp();

  it('imports PT15M (curve A03, repeated positions filled) and PT60M periods by bidding zone, idempotently', async () => {
    const db = ctx.database.db;
    const first = await importSpotPrices(db, fixture('prices-fi-ee-day-ahead.xml'));
    expect(first).toEqual({ ok: true, rows: 10, inserted: 10, updated: 0, unchanged: 0 });
    expect(await importSpotPrices(db, fixture('prices-fi-ee-day-ahead.xml'))).toEqual({
      ok: true,
      rows: 10,
      inserted: 0,
      updated: 0,
      unchanged: 10,
    });
    const finnish = await db
      .select({ startsAt: spotPrice.startsAt, minutes: spotPrice.resolutionMinutes, price: spotPrice.eurPerMwh })
      .from(spotPrice)
      .where(eq(spotPrice.biddingZone, 'FI'))
      .orderBy(asc(spotPrice.startsAt));
    expect(finnish.map((row) => row.price)).toEqual(['45.12', '44.80', '44.80', '-1.05', '38.00', '39.99', '41.00', '250.75']);
    expect(finnish[2]).toMatchObject({ startsAt: new Date('2026-01-14T22:30:00Z'), minutes: 15 });
    const estonian = await db.select().from(spotPrice).where(eq(spotPrice.biddingZone, 'EE')).orderBy(asc(spotPrice.startsAt));
    expect(estonian.map((row) => [row.startsAt.toISOString(), row.resolutionMinutes, row.eurPerMwh])).toEqual([
      ['2026-01-14T22:00:00.000Z', 60, '88.40'],
      ['2026-01-14T23:00:00.000Z', 60, '79.10'],
    ]);
    // The hourly prices kept with them (decision 081): each hour's time-weighted mean, in the same transaction.
    const hours = await queryRows<{ zone: string; hour: Date | string; eur: string }>(
      db,
      sql`select bidding_zone as zone, starts_at as hour, round(eur_per_mwh, 4)::text as eur from spot_price_hour order by 1, 2`,
    );
    expect(hours.map((row) => [row.zone, new Date(row.hour).toISOString(), row.eur])).toEqual([
      ['EE', '2026-01-14T22:00:00.000Z', '88.4000'],
      ['EE', '2026-01-14T23:00:00.000Z', '79.1000'],
      ['FI', '2026-01-14T22:00:00.000Z', '33.4175'],
      ['FI', '2026-01-14T23:00:00.000Z', '92.4350'],
    ]);
  });

  it('names the bad elements and writes nothing', async () => {
    const result = await importSpotPrices(ctx.database.db, fixture('prices-bad.xml'));
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          element: 'TimeSeries[1]/Period[1]/Point[2]/price.amount',
          message: '"forty" is not a price in EUR/MWh with at most two decimals',
        },
        { element: 'TimeSeries[1]/Period[1]', message: 'position 2 is missing (curve type A01 lists every point)' },
        { element: 'TimeSeries[2]/in_Domain.mRID', message: '"10YSE-1--------K" is not a bidding zone this portal serves (FI, EE, LV)' },
      ],
    });
    const rows = await ctx.database.db.select().from(spotPrice).where(eq(spotPrice.biddingZone, 'LV'));
    expect(rows).toEqual([]);
    expect((await importSpotPrices(ctx.database.db, '<Publication_MarketDocument><TimeSeries>')).ok).toBe(false);
  });
});

describe('the import command', () => {
  it('exits non-zero and names the line when a file is bad', async () => {
    const dataDir = await migratedPgliteFolder('portal-import-');
    try {
      const script = fileURLToPath(new URL('./import.ts', import.meta.url));
      const bad = fileURLToPath(new URL('./fixtures/readings-bad.csv', import.meta.url));
      const { DATABASE_URL: _ignored, ...environment } = process.env;
      const run = promisify(execFile)(process.execPath, [script, 'readings', bad], {
        env: { ...environment, DATA_DIR: dataDir, DEMO_MODE: 'true', NODE_ENV: 'test' },
      });
      await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('readings-bad.csv:3: interval_start') });
      expect(await readdir(dataDir)).not.toContain('portal.lock');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run import, as typed in the repository', () => {
  const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));
  /** Through npm, as a newcomer types it: what npm adds to the command's own output is part of what they see. */
  async function npmRunImport(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)('npm', ['run', 'import', '--', ...args], { cwd: repositoryRoot });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
      return { code, stdout, stderr };
    }
  }
  const npmErrorLines = (output: string) => output.split('\n').filter((line) => line.startsWith('npm error'));

  it('prints its usage for --help and exits 0', async () => {
    const run = await npmRunImport(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('npm run import -- readings FILE.csv [--site SITE_ID]');
    expect(npmErrorLines(run.stderr)).toEqual([]);
  }, 60_000);

  it('answers wrong usage with what is wrong and the usage, exit 2, no stack trace and no npm error lines', async () => {
    const run = await npmRunImport(['reading', 'january.csv']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"reading" is not something to import: readings or prices.');
    expect(run.stderr).toContain('Usage:');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(npmErrorLines(run.stderr)).toEqual([]);

    const unknownOption = await npmRunImport(['readings', 'january.csv', '--sight', 'lumo']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("Unknown option '--sight'");
  }, 60_000);
});
