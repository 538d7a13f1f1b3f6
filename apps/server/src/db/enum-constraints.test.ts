import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/test-app.ts';

/** Rows written past the code (an import, a hand-run statement) still cannot hold values the code does not know. */
describe('enumeration columns', () => {
  const ctx = useTestApp();

  it.each([
    ['customer', sql`update customer set type = 'company' where client_code = 'LUMO-100001'`],
    ['site country', sql`update site set country_code = 'SE' where id = 'lumo'`],
    ['site feature', sql`insert into site_feature (site_id, feature) values ('lumo', 'TELEPORTATION')`],
    ['staff role', sql`update staff_member set role = 'root' where true`],
    ['bank country', sql`update bank set country_code = 'SE' where true`],
    [
      'simulated payment state',
      sql`insert into simulated_payment (reference, site_id, amount_cents, currency, description, merchant_name, return_url, state) values ('r', 'lumo', 1, 'EUR', 'd', 'm', 'u', 'paid')`,
    ],
    ['footer link kind', sql`update site_external_service set type = 'PHONE' where placement = 'link'`],
    ['contact row kind', sql`update site_external_service set type = 'PRIVACY_POLICY' where placement = 'contact'`],
  ])('refuses an unknown %s value', async (_what, statement) => {
    const error = await ctx.database.db.execute(statement).then(
      () => null,
      (failure: Error) => failure,
    );
    expect(String((error?.cause as Error | undefined)?.message)).toMatch(/violates check constraint/);
  });
});
