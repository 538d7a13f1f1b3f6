import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { reading } from '../db/schema/energy.ts';
import { seedDemoData } from '../db/seed/demo-data.ts';
import { LOCK_FILE } from '../platform/data-folder-lock.ts';
import { openDatabase, type DatabaseHandle } from '../platform/database.ts';
import { buildMeteringPoint } from '../test-support/energy-factories.ts';
import { freePort } from '../test-support/free-port.ts';
import { migratedPgliteFolder } from '../test-support/test-database.ts';
import { IMPORT_TOKEN_HEADER } from './import-route.ts';

const script = fileURLToPath(new URL('./import.ts', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const GSRN = '643001100000999996';

/** `npm run import` as an operator runs it, against the PGlite folder `dataDir`. */
async function runImport(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: { ...environment, DATA_DIR: dataDir, DEMO_MODE: 'true', NODE_ENV: 'test' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** A portal server as `npm start` runs one on PGlite: it holds the data folder for its lifetime. */
describe('importing while a server holds the PGlite folder', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: App;
  let port: number;
  let token: string;

  beforeAll(async () => {
    dataDir = await migratedPgliteFolder('portal-held-');
    port = await freePort();
    const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true', PORT: String(port), DATA_DIR: dataDir });
    database = await openDatabase(config.database, { use: { role: 'server', host: '127.0.0.1', port } });
    await seedDemoData(database.db, { idpIssuer: config.auth.demoIdpIssuer!, energyHistory: false });
    await buildMeteringPoint(database.db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: GSRN, hasProduction: true });
    app = await buildApp({ config, database, appVersion: 'test' });
    await app.listen({ host: '127.0.0.1', port });
    token = database.lock!.holder.token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const readingsOfPoint = async () =>
    (await database.db.select({ wh: reading.wh }).from(reading).where(eq(reading.direction, 'production'))).length;

  it('sends the file to the server, which imports it into the folder it holds', async () => {
    const run = await runImport(dataDir, ['readings', fixture('readings-good.csv'), '--site', 'lumo']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`is held by the portal server (pid ${process.pid}`);
    expect(run.stdout).toContain('6 readings from');
    expect(run.stdout).toContain('6 new, 0 changed, 0 unchanged.');
    expect(await readingsOfPoint()).toBe(1);
  }, 60_000);

  it('reports a bad file line by line through the server too, and writes nothing', async () => {
    const run = await runImport(dataDir, ['readings', fixture('readings-bad.csv')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('readings-bad.csv:3: interval_start "2026-01-15 01:00" is not an ISO-8601 time');
    expect(run.stderr).toContain('Nothing imported: 7 problem(s).');
  }, 60_000);

  const post = (
    headers: Record<string, string>,
    remoteAddress = '127.0.0.1',
    payload = readFileSync(fixture('readings-good.csv'), 'utf8'),
  ) =>
    app.inject({
      method: 'POST',
      url: '/internal/import/readings',
      remoteAddress,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
      payload,
    });

  it('takes the file only with the token of the lock file', async () => {
    const refused = await post({ [IMPORT_TOKEN_HEADER]: `${token}x` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_TOKEN_REFUSED', statusCode: 403 });
    expect((await post({})).json()).toMatchObject({ code: 'IMPORT_TOKEN_REFUSED' });
    const taken = await post({ [IMPORT_TOKEN_HEADER]: token });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ rows: 6, inserted: 0, updated: 0, unchanged: 6 });
  });

  it('refuses callers from elsewhere and calls a proxy forwarded, token or not', async () => {
    const remote = await post({ [IMPORT_TOKEN_HEADER]: token }, '203.0.113.9');
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'IMPORT_NOT_LOCAL' });
    const forwarded = await post({ [IMPORT_TOKEN_HEADER]: token, 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded.json()).toMatchObject({ code: 'IMPORT_NOT_LOCAL' });
  });

  it('answers a bad file 400 in the standard error body, with each problem', async () => {
    const response = await post({ [IMPORT_TOKEN_HEADER]: token }, '127.0.0.1', 'metering_point,interval_start\nx,y\n');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      name: 'ValidationError',
      code: 'IMPORT_REJECTED',
      requestId: expect.any(String),
      issues: [expect.objectContaining({ path: expect.any(String), message: expect.any(String) })],
    });
  });

  /** Issue 25: the import's bytes, lines, XML depth and DTDs are bounded; its XML is parsed on a parsing thread. */
  describe('within the input limits', () => {
    const importing = (kind: 'readings' | 'prices', payload: string) =>
      app.inject({
        method: 'POST',
        url: `/internal/import/${kind}`,
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'text/plain; charset=utf-8', [IMPORT_TOKEN_HEADER]: token },
        payload,
      });
    const issuesOf = (body: string) => (JSON.parse(body) as { issues: { message: string }[] }).issues.map(({ message }) => message);

    it('refuses a price document with a DTD, whatever its entities would expand to, as a problem of the file', async () => {
      const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
        { length: 9 },
        (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`,
      ).join('')}]><Publication_MarketDocument><mRID>&lol9;</mRID></Publication_MarketDocument>`;
      const response = await importing('prices', laughs);
      expect(response.statusCode, response.body).toBe(400);
      expect(issuesOf(response.body)).toEqual(['a DTD (<!DOCTYPE>) is not accepted']);
    });

    it('refuses XML nested deeper than 32 levels as a problem of the file', async () => {
      const deep = `<Publication_MarketDocument>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</Publication_MarketDocument>`;
      const response = await importing('prices', deep);
      expect(response.statusCode, response.body).toBe(400);
      expect(issuesOf(response.body)[0]).toContain('at most 32 levels');
    });

    it('refuses a price document over 32 MB and a readings file of more than 4,000,000 lines with 413', async () => {
      const large = await importing('prices', `<Publication_MarketDocument>${' '.repeat(33 * 1024 * 1024)}</Publication_MarketDocument>`);
      expect(large.statusCode, large.body.slice(0, 300)).toBe(413);
      expect(large.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', statusCode: 413 });
      const lines = await importing('readings', `metering_point,interval_start,resolution,direction,kwh,status${'\n'.repeat(4_000_001)}`);
      expect(lines.statusCode, lines.body.slice(0, 300)).toBe(413);
      expect(lines.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', statusCode: 413 });
    });
  });

  it('keeps the call out of the API reference', async () => {
    const document = (await app.inject({ url: '/api/docs/json', headers: { host: 'lumo.localhost' } })).json<{ paths: object }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/internal'))).toEqual([]);
  });

  it('refuses a second server on the same folder, naming the first', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true', DATA_DIR: dataDir });
    await expect(openDatabase(config.database, { use: { role: 'server', host: '127.0.0.1', port: 3999 } })).rejects.toThrow(
      `is in use by the portal server (pid ${process.pid}`,
    );
  });
});

describe('importing while another process holds the PGlite folder', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-held-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const holdAs = (holder: object) =>
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, startedAt: '2026-05-02T08:15:00.000Z', command: 'test', token: 'held', ...holder }),
    );

  it('refuses while an import holds it, and says to wait', async () => {
    holdAs({ role: 'import' });
    const run = await runImport(dataDir, ['readings', fixture('readings-good.csv')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`is in use by an import (pid ${process.pid}, started 2026-05-02 08:15:00 UTC)`);
    expect(run.stderr).toContain('wait for it to finish');
  }, 60_000);

  it('refuses when the holding server does not answer, and says what to do', async () => {
    const port = await freePort();
    holdAs({ role: 'server', address: { host: '0.0.0.0', port } });
    const run = await runImport(dataDir, ['prices', fixture('prices-fi-ee-day-ahead.xml')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`does not answer at http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(run.stderr).toContain(`kill ${process.pid}`);
  }, 60_000);
});
