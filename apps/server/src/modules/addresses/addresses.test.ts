import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { contract, meteringPoint } from '../../db/schema/energy.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('addresses', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    await seedDemoEnergy(ctx.database.db, { historyDays: 2, clientCodes: ['LUMO-100001', 'LUMO-100002'] });
    // Mikko's cottage contract ended yesterday: the place stays his, without a contract in force.
    const [cottage] = await ctx.database.db.select().from(meteringPoint).where(eq(meteringPoint.objectId, 'obj-lumo-mikko-cottage'));
    await ctx.database.db
      .update(contract)
      .set({ endDate: addDays(todayIn('Europe/Helsinki'), -1) })
      .where(eq(contract.meteringPointId, cottage!.id));
  });
  const get = (cookie: string, query: string) =>
    ctx.app.inject({ url: `/api/me/addresses${query}`, headers: { host: HOSTS.lumo, cookie } });
  const save = (cookie: string, kind: string, body: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/me/addresses/${kind}`,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('lists usage places, only those with a contract in force when asked', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const all = (await get(mikko, '?requestType=usage')).json();
    expect(all.map((address: { objectId: string; hasActiveContract: boolean }) => [address.objectId, address.hasActiveContract])).toEqual([
      ['obj-lumo-mikko-flat', true],
      ['obj-lumo-mikko-cottage', false],
    ]);
    const active = (await get(mikko, '?requestType=usage&isWithActiveContractOnly=true')).json();
    expect(active.map((address: { street: string }) => address.street)).toEqual(['Hämeenkatu 21 B 14']);
    const bad = await get(mikko, '?requestType=holiday');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps one postal and one billing address per customer, checks postal codes per country, and keeps customers apart', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const first = await save(aino, 'postal', { street: 'PL 12', postalCode: '02101', city: 'Espoo', countryCode: 'fi' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ requestType: 'postal', countryCode: 'FI', objectId: null });
    const moved = await save(aino, 'postal', { street: 'Brīvības iela 1', postalCode: 'lv-1010', city: 'Rīga', countryCode: 'LV' });
    expect(moved.json()).toMatchObject({ id: first.json().id, postalCode: 'LV-1010' });
    const badCode = await save(aino, 'billing', { street: 'X 1', postalCode: '1234', city: 'Espoo', countryCode: 'FI' });
    expect(badCode.json().issues[0]).toMatchObject({ path: 'body.postalCode', message: 'postalCode is not a postal code of FI' });
    expect((await save(aino, 'usage', { street: 'X 1', postalCode: '02100', city: 'Espoo', countryCode: 'FI' })).statusCode).toBe(400);

    const kept = (await get(aino, '?requestType=postal')).json();
    expect(kept).toHaveLength(1);
    expect(kept[0].city).toBe('Rīga');
    expect((await get(mikko, '?requestType=postal')).json()).toEqual([]);
    const everything = (await get(aino, '')).json();
    expect(everything.map((address: { requestType: string }) => address.requestType)).toEqual(['usage', 'postal']);
  });
});
