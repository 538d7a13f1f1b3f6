import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HomesComparison } from '@portal/schema/homes-comparison';
import { queryRows } from '../../platform/database.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { seedDemoEnergy } from './demo-energy.ts';
import { LUMO_NEIGHBOUR_GROUPS, seedDemoNeighbours } from './demo-neighbours.ts';

describe("the demo's neighbouring homes (decision 123)", () => {
  const ctx = useTestApp();

  it('gives Aino a comparison, widens Mikko’s flat and finds too few homes for his cottage', async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['LUMO-100001', 'LUMO-100002'] });
    const months = await seedDemoNeighbours(db);
    const homes = LUMO_NEIGHBOUR_GROUPS.reduce((sum, group) => sum + group.homes, 0);
    expect(homes).toBe(189);
    // January two years back to the last whole month: 24 to 35 months a home.
    expect(months % homes).toBe(0);
    expect(months / homes).toBeGreaterThanOrEqual(24);
    // A second start writes nothing again, and the values are the same (a pure function of home and month).
    const digest = async () =>
      (
        await queryRows<{ digest: string }>(
          db,
          sql`select md5(string_agg(metering_point_id || month || wh, ',' order by metering_point_id, month)) as digest
        from reading_month where metering_point_id like 'mp-lumo-nb-%'`,
        )
      )[0]!.digest;
    const before = await digest();
    expect(await seedDemoNeighbours(db)).toBe(0);
    expect(await digest()).toBe(before);
    // None of them can sign in: no person has access to any of their customers.
    const [access] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from customer_access a join customer c on c.id = a.customer_id where c.client_code like 'LUMO-3%'`,
    );
    expect(access!.count).toBe(0);

    const compare = async (ssn: string, meteringPointId: string) =>
      (
        await ctx.app.inject({
          url: `/api/usage-points/homes-comparison?meteringPointId=${meteringPointId}`,
          headers: { host: HOSTS.lumo, cookie: await sessionCookieFor(db, ssn, 'lumo') },
        })
      ).json<HomesComparison>();
    const aino = await compare(PEOPLE.aino, 'mp-lumo-aino-el');
    expect(aino).toMatchObject({
      status: 'available',
      group: { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200', homes: 48, widened: false },
    });
    expect(aino.months).toHaveLength(12);
    const flat = await compare(PEOPLE.mikko, 'mp-lumo-mikko-el');
    expect(flat.group).toEqual({ homeKind: 'apartment', heating: 'district', floorAreaBand: null, homes: 34, widened: true });
    const cottage = await compare(PEOPLE.mikko, 'mp-lumo-mikko-cottage-el');
    expect(cottage).toMatchObject({ status: 'too-few-homes', months: [], group: { homeKind: 'holiday-home', homes: null } });
  });
});
