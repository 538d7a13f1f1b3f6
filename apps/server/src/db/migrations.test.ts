import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../platform/database.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The committed migrations up to and including `lastTag`, as a folder drizzle's migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

describe('migrations on a database that already has data', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  // Every migration runs on a fresh PGlite (WebAssembly): tens of seconds on a busy two-core machine.
  it('keep one confirmed and one open payment per invoice from the duplicates paying made before it was idempotent', async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client);
    const before = migrationsUpTo('0003_billing');
    folders.push(before);
    await migrate(db, { migrationsFolder: before });
    // The payments alone are what the migration reads; the rows they point at do not matter to it.
    await db.execute(sql`set session_replication_role = replica`);
    await db.execute(sql`insert into payment (id, site_id, customer_id, invoice_id, provider, amount_cents, status, created_at, confirmed_at) values
      ('paid-first', 's', 'c', 'inv-1', 'SIMULATOR', 11934, 'confirmed', '2026-10-01T10:00Z', '2026-10-01T10:01Z'),
      ('paid-again', 's', 'c', 'inv-1', 'SIMULATOR', 11934, 'confirmed', '2026-10-01T10:00Z', '2026-10-01T10:02Z'),
      ('paid-third', 's', 'c', 'inv-1', 'SIMULATOR', 11934, 'confirmed', '2026-10-01T10:00Z', '2026-10-01T10:03Z'),
      ('open-old', 's', 'c', 'inv-2', 'SIMULATOR', 5000, 'pending', '2026-10-02T10:00Z', null),
      ('open-new', 's', 'c', 'inv-2', 'SIMULATOR', 5000, 'created', '2026-10-02T11:00Z', null),
      ('other-invoice', 's', 'c', 'inv-3', 'SIMULATOR', 700, 'confirmed', '2026-10-03T10:00Z', '2026-10-03T10:01Z')`);
    await db.execute(sql`set session_replication_role = origin`);

    await migrate(db, { migrationsFolder });

    const { rows } = await db.execute<{ id: string; status: string }>(sql`select id, status from payment order by id`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      'open-new': 'created',
      'open-old': 'failed',
      'other-invoice': 'confirmed',
      'paid-again': 'refund-due',
      'paid-first': 'confirmed',
      'paid-third': 'refund-due',
    });
    await client.close();
  }, 120_000);
});
