import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HomesComparison } from '@portal/schema/homes-comparison';
import { queryRows } from '../../platform/database.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { seedDemoEnergy } from './demo-energy.ts';
import { demoNeighbours, LUMO_NEIGHBOUR_GROUPS, seedDemoNeighbours } from './demo-neighbours.ts';

const ANNA = 'LV150385-12346';
const MARI_LIIS = 'EE49403136526';

describe("the demo's neighbouring homes (decisions 123 and 131)", () => {
  const ctx = useTestApp();

  it('gives Aino a comparison, widens Mikko’s flat, finds too few homes for his cottage, and 20 or more on every other site', async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, {
      historyDays: 1,
      clientCodes: ['LUMO-100001', 'LUMO-100002', 'VE-500101', 'VE-500102', 'DS-300501', 'DS-300502', 'KV-400101', 'KV-400102'],
    });
    const months = await seedDemoNeighbours(db);
    expect(LUMO_NEIGHBOUR_GROUPS.reduce((sum, group) => sum + group.homes, 0)).toBe(189);
    // Lumo's 189 homes with a point each; 41 on each of Virmalise and Daugava (21 of them gas-heated, with two points), 40 on Kallio.
    const { homes, points } = demoNeighbours();
    const perSite = (site: string) => [homes, points].map((rows) => rows.filter((row) => row.siteId === site).length);
    expect([perSite('lumo'), perSite('virmalise'), perSite('daugava'), perSite('kallio')]).toEqual([
      [189, 189],
      [41, 62],
      [41, 62],
      [40, 40],
    ]);
    // January two years back to the last whole month: 24 to 35 months a point.
    expect(months % points.length).toBe(0);
    expect(months / points.length).toBeGreaterThanOrEqual(24);
    // A second start writes nothing again, and the values are the same (a pure function of home and month).
    const digest = async () =>
      (
        await queryRows<{ digest: string }>(
          db,
          sql`select md5(string_agg(metering_point_id || month || wh, ',' order by metering_point_id, month)) as digest
        from reading_month where metering_point_id like 'mp-%-nb-%'`,
        )
      )[0]!.digest;
    const before = await digest();
    expect(await seedDemoNeighbours(db)).toBe(0);
    expect(await digest()).toBe(before);
    // None of them can sign in: no person has access to any of their customers.
    const [access] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from customer_access a join customer c on c.id = a.customer_id where c.id in (select customer_id from metering_point where id like 'mp-%-nb-%')`,
    );
    expect(access!.count).toBe(0);

    const compare = async (ssn: string, meteringPointId: string, site: keyof typeof HOSTS = 'lumo') =>
      (
        await ctx.app.inject({
          url: `/api/usage-points/homes-comparison?meteringPointId=${meteringPointId}`,
          headers: { host: HOSTS[site], cookie: await sessionCookieFor(db, ssn, site) },
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

    // Every other site's demo customers compare with 20 or more homes of their own description, per utility.
    const groupOf = async (ssn: string, meteringPointId: string, site: keyof typeof HOSTS) => {
      const answer = await compare(ssn, meteringPointId, site);
      expect(answer.status, meteringPointId).toBe('available');
      expect(answer.months, meteringPointId).toHaveLength(12);
      return answer.group;
    };
    const gasHouse = (floorAreaBand: string) => ({ homeKind: 'detached', heating: 'gas', floorAreaBand, homes: 21, widened: false });
    const districtFlat = { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80', homes: 20, widened: false };
    expect(await groupOf(MARI_LIIS, 'mp-ve-mari-liis-el', 'virmalise')).toEqual(gasHouse('120-150'));
    expect(await groupOf(MARI_LIIS, 'mp-ve-mari-liis-gas', 'virmalise')).toEqual(gasHouse('120-150'));
    expect(await groupOf(PEOPLE.jaan, 'mp-ve-jaan-el', 'virmalise')).toEqual(districtFlat);
    expect(await groupOf(ANNA, 'mp-ds-anna-heat', 'daugava')).toEqual(districtFlat);
    expect(await groupOf(PEOPLE.janis, 'mp-ds-janis-el', 'daugava')).toEqual(gasHouse('150-200'));
    expect(await groupOf(PEOPLE.janis, 'mp-ds-janis-gas', 'daugava')).toEqual(gasHouse('150-200'));
    expect(await groupOf(PEOPLE.aino, 'mp-kallio-aino-el', 'kallio')).toMatchObject({ homeKind: 'detached', homes: 20, widened: false });
    expect(await groupOf(PEOPLE.mikko, 'mp-kallio-mikko-cottage-el', 'kallio')).toMatchObject({ homeKind: 'holiday-home', homes: 20 });
  });
});
