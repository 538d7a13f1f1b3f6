import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPglite } from '../platform/database.ts';

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
    const client = new PGlite({ extensions: (await loadPglite()).extensions });
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

  it('rewrites co-owner codes, contact phones and business codes typed before in the form the portal compares', async () => {
    const client = new PGlite({ extensions: (await loadPglite()).extensions });
    const db = drizzle(client);
    const before = migrationsUpTo('0024_admin_audit_values_site_changes');
    folders.push(before);
    await migrate(db, { migrationsFolder: before });
    // The rows alone are what the migration reads; what they point at does not matter to it.
    await db.execute(sql`set session_replication_role = replica`);
    await db.execute(sql`insert into site (id, company_name, timezone, default_locale_id, theme_id, country_code) values
      ('fi', 'Lumo', 'Europe/Helsinki', 'fi-FI', 'aurora', 'FI'), ('lv', 'Daugava', 'Europe/Riga', 'lv-LV', 'daugava', 'LV')`);
    const contract = (id: string, site: string, coOwnerCode: string | null, contactPhone: string | null) =>
      sql`insert into contract (id, site_id, customer_id, metering_point_id, contract_number, type, product_name, price_type, start_date,
        vat_permille, co_owner_code, contact_phone)
        values (${id}, ${site}, 'c', 'm', ${id}, 'SupplyContract', 'P', 'Fixed', '2026-01-01', 255, ${coOwnerCode}, ${contactPhone})`;
    await db.execute(contract('fi-pasted', 'fi', ' 131052\u2013308t\u00a0', '+358 40 123 4567'));
    await db.execute(contract('fi-none', 'fi', null, null));
    await db.execute(contract('fi-not-a-code', 'fi', 'ask Maija', '040-1234567'));
    await db.execute(contract('lv-compact', 'lv', '16117519997', '+371 2000 0000'));
    await db.execute(contract('lv-written', 'lv', '161175-19997', null));
    await db.execute(sql`insert into customer (id, site_id, client_code, type, name, business_code) values
      ('fi-company', 'fi', 'C1', 'legal', 'Oy', '07375462'), ('fi-written', 'fi', 'C2', 'legal', 'Oy', '0737546-2'),
      ('lv-public', 'lv', 'C3', 'legal', 'Skola', '9000 006 9281'), ('fi-person', 'fi', 'C4', 'private', 'Aino', null)`);
    // Still without foreign keys: the contracts point at no customer or metering point, and rows written twice in one
    // transaction have their keys checked again.
    await migrate(db, { migrationsFolder });

    const contracts = await db.execute<{ id: string; co_owner_code: string | null; contact_phone: string | null }>(
      sql`select id, co_owner_code, contact_phone from contract order by id`,
    );
    expect(contracts.rows).toEqual([
      { id: 'fi-none', co_owner_code: null, contact_phone: null },
      { id: 'fi-not-a-code', co_owner_code: 'ASKMAIJA', contact_phone: '040-1234567' },
      { id: 'fi-pasted', co_owner_code: '131052-308T', contact_phone: '+358401234567' },
      { id: 'lv-compact', co_owner_code: '161175-19997', contact_phone: '+37120000000' },
      { id: 'lv-written', co_owner_code: '161175-19997', contact_phone: null },
    ]);
    const customers = await db.execute<{ id: string; business_code: string | null }>(
      sql`select id, business_code from customer order by id`,
    );
    expect(customers.rows).toEqual([
      { id: 'fi-company', business_code: '0737546-2' },
      { id: 'fi-person', business_code: null },
      { id: 'fi-written', business_code: '0737546-2' },
      { id: 'lv-public', business_code: '90000069281' },
    ]);
    await client.close();
  }, 120_000);
});
