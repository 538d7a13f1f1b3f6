import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../platform/database.ts';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));
const nodeModules = fileURLToPath(new URL('../../../../node_modules', import.meta.url));
const cacheFolder = join(nodeModules, '.cache/portal-tests');

/** What a migrated database depends on: every migration file, and the PGlite release that writes the files. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  hash.update(readFileSync(join(nodeModules, '@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
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
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const client = (handle.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${path}.${randomUUID()}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
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
  const name = `portal_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    await handle.close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another run made the same template meanwhile: use theirs.
      await admin.query(`drop database if exists ${building} with (force)`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
