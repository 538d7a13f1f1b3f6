import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { siteIdentityProvider } from '../db/schema/identity.ts';
import { openDatabase, type DatabaseHandle, type OpenOptions } from '../platform/database.ts';
import { TEMPLATE_IDP_ISSUER } from './database-templates.ts';
import { throwAwayPostgresDatabase } from './throw-away-database.ts';

/** The template tars a worker has read, by path: the worker's files (isolate: false) all start from the same two. */
const readTemplates = new Map<string, Promise<Buffer>>();

function templateBytes(path: string): Promise<Buffer> {
  let bytes = readTemplates.get(path);
  if (!bytes) readTemplates.set(path, (bytes = readFile(path)));
  return bytes;
}

/** The run's migrated PGlite template (or, with `seeded`, the seeded one) as PGlite loads it. */
async function pgliteTemplate({ seeded = false } = {}): Promise<Blob> {
  return new TemplateBytes(await templateBytes(inject(seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate')));
}

/**
 * A template tar as the Blob PGlite loads (`loadDataDir`, which asks only for its `arrayBuffer()`), handing over a copy
 * of bytes already in memory. Node's own Blob reads itself back in chunks: 0.6 s for the 45 MB tar, a third of a
 * database copy, on each of the run's ~120 copies (measured, docs/decisions/103-test-speed.md).
 */
class TemplateBytes extends Blob {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    super([]);
    this.#bytes = bytes;
  }
  override get size() {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite's file system may keep views of what it was given, and the next file starts from the same bytes.
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

export type TestDatabase = {
  handle: DatabaseHandle;
  /**
   * The same database as another server copy sees it: on PostgreSQL a second connection pool; on PGlite,
   * which one process opens once, the same instance.
   */
  openAnotherCopy: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
};

/**
 * A fresh, migrated database: in-memory PGlite by default, or a throw-away database on the PostgreSQL server
 * named by TEST_DATABASE_URL, so the same tests prove both. Each starts from one of the run's templates
 * (global-setup.ts), so the migrator finds nothing left to apply; with `seeded`, the demo is in it too (sites,
 * people, products, grid, support topics; no energy history).
 */
export async function openTestDatabase({ seeded = false } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null }, { startFrom: await pgliteTemplate({ seeded }) });
    return { handle, openAnotherCopy: async () => ({ ...handle, close: async () => {} }), drop: async () => {} };
  }
  const template = inject(seeded ? 'postgresSeededTemplate' : 'postgresTemplate') ?? undefined;
  const { handle, url, drop } = await throwAwayPostgresDatabase(serverUrl, 'portal_test', template);
  return { handle, openAnotherCopy: () => openDatabase({ kind: 'postgres', url }), drop };
}

/** The migrated template in a PGlite as the driver makes it: without the server's wrappers and extensions (platform/database.ts). */
export async function openBarePglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await pgliteTemplate() });
}

/**
 * A PGlite folder in the system's temporary folder holding the migrated template, as a process that opens it with
 * `DATA_DIR` finds it: the migrations already applied, so a test of what a process does with its folder (a lock, an
 * import, a kill) does not pay for initdb and every migration (8–18 s a folder, docs/decisions/103-test-speed.md).
 * The caller removes it.
 */
export async function migratedPgliteFolder(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const pglite = await PGlite.create(dataDir, { loadDataDir: await pgliteTemplate() });
  await pglite.close();
  return dataDir;
}

/** The migrated template in an in-memory PGlite opened as a copy opens it (`log` as openDatabase's), whatever database the run tests. */
export async function openMigratedPglite({ log }: Pick<OpenOptions, 'log'> = {}): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'pglite', dataDir: null }, { log, startFrom: await pgliteTemplate() });
}

/**
 * A database from the seeded template (openTestDatabase) with the demo sites' e-ID service at `idpIssuer`: a test
 * app on a port of its own (`listen`) runs its demo service there.
 */
export async function openSeededTestDatabase(idpIssuer: string): Promise<TestDatabase> {
  const opened = await openTestDatabase({ seeded: true });
  if (idpIssuer !== TEMPLATE_IDP_ISSUER) await opened.handle.db.update(siteIdentityProvider).set({ issuer: idpIssuer });
  return opened;
}
