import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seedDemoData } from '../db/seed/demo-data.ts';
import { openDatabase, type DatabaseHandle } from '../platform/database.ts';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));
const serverSources = fileURLToPath(new URL('..', import.meta.url));
const packageSources = fileURLToPath(new URL('../../../../packages', import.meta.url));
const nodeModules = fileURLToPath(new URL('../../../../node_modules', import.meta.url));
const cacheFolder = join(nodeModules, '.cache/portal-tests');

/**
 * The e-ID issuer the seeded templates hold: the demo service of a test app on port 3000 (config.ts). A test app on
 * another port writes its own over it (test-app.ts).
 */
export const TEMPLATE_IDP_ISSUER = 'http://127.0.0.1:3000/idp';

function hashFiles(hash: ReturnType<typeof createHash>, folder: string, keep: (name: string) => boolean) {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') hashFiles(hash, path, keep);
    } else if (keep(entry.name)) hash.update(path).update(readFileSync(path));
  }
}

/** What a migrated database depends on: every migration file, and the PGlite release that writes the files. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  hashFiles(hash, migrationsFolder, () => true);
  hash.update(readFileSync(join(nodeModules, '@electric-sql/pglite/package.json')));
  // How the template is made (its settings below) is part of what a copy starts from.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * What a seeded database depends on: the migrations, the server's and the packages' sources (the seed reaches into
 * modules: sanitising, references, rollups), and the UTC day, so a template kept in the cache is never older than a
 * day even if some row took its time from the clock. Measured: hashing these files takes tens of milliseconds.
 */
function seedFingerprint(): string {
  const hash = createHash('sha256').update(migrationsFingerprint()).update(new Date().toISOString().slice(0, 10));
  const source = (name: string) => /\.(ts|tsx|json|sql)$/.test(name) && !/\.test\.tsx?$/.test(name);
  hashFiles(hash, serverSources, source);
  hashFiles(hash, packageSources, source);
  return hash.digest('hex').slice(0, 16);
}

/** The demo sites, people, products, grid and support topics every test app starts with (no energy history). */
async function seed(handle: DatabaseHandle) {
  await seedDemoData(handle.db, { idpIssuer: TEMPLATE_IDP_ISSUER, energyHistory: false });
}

/**
 * A new PGlite cluster made for copying, as a tar: a copy's start is PGlite writing the tar into its in-memory file
 * system and PostgreSQL starting on it, so the less the tar holds, the less every test copy pays
 * (docs/decisions/103-test-speed.md). initdb's default cluster is 46 MB with the demo seeded, of which:
 * - a 16 MB WAL segment, mostly empty: initdb's `--wal-segsize=1` makes segments of 1 MB, and `min_wal_size` keeps
 *   two of them (PostgreSQL keeps at least `min_wal_size` of recycled segments, 80 MB by default);
 * - `template0` and `template1` (7.4 MB each), which only `create database` reads, and no test makes a database on
 *   PGlite: dropped;
 * - 128 MB of shared buffers, which PostgreSQL zeroes at every start (half of a copy's start): 16 MB holds a test
 *   database whole.
 * The settings live in the folder's postgresql.auto.conf, so the templates and every copy inherit them. Only the tests'
 * templates: `npm start`'s PGlite keeps initdb's defaults.
 */
async function testCluster(): Promise<Blob> {
  const pglite = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
  try {
    for (const setting of [`shared_buffers = '16MB'`, `min_wal_size = '2MB'`, 'wal_recycle = off'])
      await pglite.exec(`alter system set ${setting}`);
    for (const template of ['template0', 'template1']) {
      // One statement each: `drop database` refuses to run inside the implicit transaction of a multi-statement string.
      await pglite.exec(`alter database ${template} is_template false`);
      await pglite.exec(`drop database ${template}`);
    }
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

/** Writes a PGlite folder as the tar `path`: under a temporary name first, so parallel runs never read half a file. */
async function writePgliteTar(handle: DatabaseHandle, path: string) {
  const client = (handle.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
  // A checkpoint removes the WAL segments written before it (testCluster's settings keep none for recycling).
  await handle.db.execute(sql.raw('checkpoint'));
  const dump = await client.dumpDataDir('none');
  const partial = `${path}.${randomUUID()}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

/** Tars in the cache that a day has passed over: templates of sources or days no run asks for again. */
function removeOldTemplates() {
  for (const name of readdirSync(cacheFolder)) {
    const path = join(cacheFolder, name);
    if (name.startsWith('pglite-') && Date.now() - statSync(path).mtimeMs > 24 * 3600 * 1000) rmSync(path, { force: true });
  }
}

/**
 * A PGlite data folder with every migration applied, as a tar file that `new PGlite({ loadDataDir })` starts from:
 * a test file then loads it in about a second instead of migrating for many. Made once per set of migrations and
 * kept under node_modules/.cache; written to a temporary name and renamed, so parallel runs never read half a file.
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const path = join(cacheFolder, `pglite-${migrationsFingerprint()}.tar`);
  try {
    statSync(path);
    return path;
  } catch {
    // Not made yet.
  }
  mkdirSync(cacheFolder, { recursive: true });
  removeOldTemplates();
  const handle = await openDatabase({ kind: 'pglite', dataDir: null }, { startFrom: await testCluster() });
  try {
    await writePgliteTar(handle, path);
  } finally {
    await handle.close();
  }
  return path;
}

/**
 * The migrated template of `migrated` (a tar from migratedPgliteTemplate) with the demo seeded, as a tar of its own:
 * a test app then pays for a copy, not for a seed. Made once per day and set of sources.
 */
export async function seededPgliteTemplate(migrated: string): Promise<string> {
  const path = join(cacheFolder, `pglite-seeded-${seedFingerprint()}.tar`);
  try {
    statSync(path);
    return path;
  } catch {
    // Not made yet.
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: null }, { startFrom: new Blob([readFileSync(migrated)]) });
  try {
    await seed(handle);
    await writePgliteTar(handle, path);
  } finally {
    await handle.close();
  }
  return path;
}

/**
 * A migrated database on the PostgreSQL server of `serverUrl` that test databases are copied from
 * (`create database … template …`), named after the migrations' fingerprint. Made under a temporary name and
 * renamed, so a copy never starts from a template half migrated.
 */
export async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  return postgresTemplate(serverUrl, `portal_template_${migrationsFingerprint()}`, null, async () => {});
}

/** A copy of the migrated PostgreSQL template `migrated` with the demo seeded, named after the seed's fingerprint. */
export async function seededPostgresTemplate(serverUrl: string, migrated: string): Promise<string> {
  return postgresTemplate(serverUrl, `portal_seeded_${seedFingerprint()}`, migrated, seed);
}

/** Opening the database migrates it; `prepare` then fills it before it gets its name. */
async function postgresTemplate(
  serverUrl: string,
  name: string,
  from: string | null,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    await admin.query(from ? `create database ${building} template ${from}` : `create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await prepare(handle);
    } finally {
      await handle.close();
    }
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another run made the same template meanwhile: use theirs.
      await admin.query(`drop database if exists ${building} with (force)`);
    }
    if (from) await dropOtherTemplates(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * Seeded templates of other days and sources, so a test server does not collect one per change. A template another
 * run is copying right now refuses to go (no `force`): it stays for the next time.
 */
async function dropOtherTemplates(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'portal\\_seeded\\_%' and datname <> $1",
    [keep],
  );
  for (const { datname } of rows) await admin.query(`drop database if exists ${datname}`).catch(() => {});
}
