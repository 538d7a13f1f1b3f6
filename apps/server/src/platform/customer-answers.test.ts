import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { type App } from '../app.ts';
import { invoice } from '../db/schema/billing.ts';
import { refreshRollups, writtenRange } from '../modules/readings/reading-rollups.ts';
import { buildBilledContract, buildInvoice } from '../test-support/billing-factories.ts';
import { buildMeteringPoint, customerIdOf, insertReadings } from '../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { useTwoServerCopies, type ServerCopy } from '../test-support/server-copies.ts';
import { CUSTOMER_DATA_CHANGED_CHANNEL, EVERYONE } from './customer-answers.ts';

const get = (app: App, url: string, cookie: string) => app.inject({ url, headers: { host: HOSTS.lumo, cookie } });

/**
 * The customer answer cache (docs/decisions/082) keeps a customer's repeated read answers; these prove a kept answer
 * never outlives a change of the data it shows, whoever makes the change, on PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
describe('the customer answer cache of one server copy', () => {
  const ctx = useTestApp();
  let aino: string;
  let mikko: string;

  beforeAll(async () => {
    aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    await ctx.app.customerAnswers.caughtUp();
  });

  it('keeps the invoice list per customer and forgets it when an invoice changes, even by hand in the database', async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const today = todayIn('Europe/Helsinki');
    const created = await buildInvoice(db, { contract, periodStart: addDays(today, -40), dueDate: addDays(today, 10) });
    await ctx.app.customerAnswers.caughtUp();
    const before = ctx.app.customerAnswers.size;
    const first = await get(ctx.app, '/api/invoices', aino);
    expect(first.statusCode).toBe(200);
    expect(ctx.app.customerAnswers.size).toBe(before + 1);
    expect((await get(ctx.app, '/api/invoices', aino)).body).toBe(first.body);
    await get(ctx.app, '/api/invoices', mikko);
    expect(ctx.app.customerAnswers.size).toBe(before + 2);

    await db.update(invoice).set({ totalCents: 123_456 }).where(eq(invoice.id, created.id));
    await ctx.app.customerAnswers.caughtUp();
    const after = await get(ctx.app, '/api/invoices', aino);
    expect(after.json().invoices.find((item: { id: string }) => item.id === created.id).totalCents).toBe(123_456);
    // Only Aino's answers went; Mikko's stays.
    expect(ctx.app.customerAnswers.size).toBe(before + 2);
  });

  it("keeps a read per customer, one read for the calls that ask at once, until the database says that customer's data or everyone's changed", async () => {
    const db = ctx.database.db;
    const answers = ctx.app.customerAnswers;
    const [ainoId, mikkoId] = await Promise.all([customerIdOf(db, 'lumo', 'LUMO-100001'), customerIdOf(db, 'lumo', 'LUMO-100002')]);
    let reads = 0;
    const read = async () => ({ read: ++reads });
    const keptFor = (key: string, customerId: string) => answers.read(key, customerId, read);
    const notify = async (payload: string) => {
      await db.execute(sql`select pg_notify(${CUSTOMER_DATA_CHANGED_CHANNEL}, ${payload})`);
      await answers.caughtUp();
    };

    const together = await Promise.all([1, 2, 3].map(() => keptFor('aino-points', ainoId)));
    expect(together).toEqual([{ read: 1 }, { read: 1 }, { read: 1 }]);
    expect(await keptFor('mikko-points', mikkoId)).toEqual({ read: 2 });
    expect(await keptFor('rates', EVERYONE)).toEqual({ read: 3 });
    expect(await keptFor('aino-points', ainoId)).toEqual({ read: 1 });

    // Aino's data changed: her read goes, Mikko's and everyone's stay.
    await notify(ainoId);
    expect(await keptFor('aino-points', ainoId)).toEqual({ read: 4 });
    expect(await keptFor('mikko-points', mikkoId)).toEqual({ read: 2 });
    expect(await keptFor('rates', EVERYONE)).toEqual({ read: 3 });

    // Everyone's data changed (prices, VAT rates): every read goes.
    await notify('*');
    expect(await keptFor('rates', EVERYONE)).toEqual({ read: 5 });
    expect(await keptFor('mikko-points', mikkoId)).toEqual({ read: 6 });
  });

  it('shows a postponement made through the portal on the very next request', async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const today = todayIn('Europe/Helsinki');
    const created = await buildInvoice(db, { contract, periodStart: addDays(today, -35), dueDate: addDays(today, 5) });
    await ctx.app.customerAnswers.caughtUp();
    const listed = await get(ctx.app, '/api/invoices', aino);
    const due = listed.json().invoices.find((item: { id: string }) => item.id === created.id).dueDate as string;
    const postponed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/invoices/${created.invoiceNumber}/postpone`,
      headers: { host: HOSTS.lumo, cookie: aino, 'content-type': 'application/json' },
      payload: { dueDate: addDays(due, 7) },
    });
    expect(postponed.statusCode, postponed.body).toBe(200);
    // No waiting: the postponement's answer itself waited until this copy heard the change.
    const relisted = await get(ctx.app, '/api/invoices', aino);
    expect(relisted.json().invoices.find((item: { id: string }) => item.id === created.id).dueDate).toBe(addDays(due, 7));
  });

  it('forgets a chart when readings of its metering point arrive, and everyone’s answers when prices do', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const url = `/api/charts/readings?series[]=consumption&from=2026-02-01&to=2026-02-28&resolution=day&meteringPointId=${point.id}`;
    await ctx.app.customerAnswers.caughtUp();
    expect((await get(ctx.app, url, aino)).json().total).toBeNull();
    await insertReadings(db, point.id, { from: new Date('2026-02-09T22:00:00Z'), to: new Date('2026-02-10T22:00:00Z') });
    await ctx.app.customerAnswers.caughtUp();
    expect((await get(ctx.app, url, aino)).json().total).toBe(24);

    await get(ctx.app, '/api/invoices', mikko);
    expect(ctx.app.customerAnswers.size).toBeGreaterThan(0);
    await db.execute(
      sql`insert into spot_price (bidding_zone, starts_at, resolution_minutes, eur_per_mwh) values ('FI', '2040-01-01T00:00:00Z', 15, 1.00)`,
    );
    await ctx.app.customerAnswers.caughtUp();
    expect(ctx.app.customerAnswers.size).toBe(0);
  });

  it('keeps the spot card per customer, and forgets it when prices are published', async () => {
    await ctx.app.customerAnswers.caughtUp();
    const before = ctx.app.customerAnswers.size;
    const first = await get(ctx.app, '/api/dashboard/statistics/spot', aino);
    expect(first.statusCode, first.body).toBe(200);
    expect(ctx.app.customerAnswers.size).toBe(before + 1);
    expect((await get(ctx.app, '/api/dashboard/statistics/spot', aino)).body).toBe(first.body);
    await ctx.database.db.execute(
      sql`insert into spot_price (bidding_zone, starts_at, resolution_minutes, eur_per_mwh) values ('FI', '2040-01-02T00:00:00Z', 15, 1.00)`,
    );
    await ctx.app.customerAnswers.caughtUp();
    expect(ctx.app.customerAnswers.size).toBe(0);
  });

  it('forgets a chart when readings are written that leave every rollup as it was (quarter-hours corrected within their hour)', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const from = new Date('2026-03-09T22:00:00Z');
    const to = new Date('2026-03-10T22:00:00Z');
    await insertReadings(db, point.id, { from, to });
    const url = `/api/charts/readings?series[]=consumption&from=2026-03-01&to=2026-03-31&resolution=day&meteringPointId=${point.id}`;
    await ctx.app.customerAnswers.caughtUp();
    const before = ctx.app.customerAnswers.size;
    expect((await get(ctx.app, url, aino)).statusCode).toBe(200);
    expect(ctx.app.customerAnswers.size).toBe(before + 1);
    // A writer names what it wrote; the sums come out the same, so no rollup row changes and no rollup trigger fires.
    await db.transaction((tx) => refreshRollups(tx, writtenRange([point.id], from, to)));
    await ctx.app.customerAnswers.caughtUp();
    expect(ctx.app.customerAnswers.size).toBe(before);
  });

  it('computes a finer chart each time: quarter-hours read readings whose changes it does not hear', async () => {
    const point = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100001', resolutionMinutes: 15 });
    await ctx.app.customerAnswers.caughtUp();
    const before = ctx.app.customerAnswers.size;
    const url = `/api/charts/readings?series[]=consumption&from=2026-02-01&to=2026-02-01&resolution=quarter-hour&meteringPointId=${point.id}`;
    expect((await get(ctx.app, url, aino)).statusCode).toBe(200);
    expect(ctx.app.customerAnswers.size).toBe(before);
  });

  it('computes an answer once for the calls that ask for it together (a double click, two tabs)', async () => {
    await ctx.app.customerAnswers.caughtUp();
    // What send reads of a request and writes to a reply; the answer itself is the cache's.
    const request = {
      actor: { customer: { id: 'burst-customer' } },
      site: { id: 'lumo', timezone: 'Europe/Helsinki' },
      url: '/burst',
      headers: {},
    };
    const sent: string[] = [];
    const reply = {
      type: () => reply,
      header: () => reply,
      serializer: () => reply,
      send: (body: string) => (sent.push(body), reply),
    };
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { n: computed };
    };
    const schema = z.object({ n: z.number() });
    const ask = () => ctx.app.customerAnswers.send(request as unknown as FastifyRequest, reply as unknown as FastifyReply, schema, compute);
    await Promise.all([ask(), ask(), ask()]);
    expect(computed).toBe(1);
    expect(sent).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
  });
});

describe('the customer answer caches of two server copies on one database', () => {
  const copies = useTwoServerCopies();

  it('a change made through one copy is heard by the other, which then stops serving the old answer', async () => {
    const [first, second] = copies as [ServerCopy, ServerCopy];
    const db = first.database.db;
    const cookie = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const created = await buildInvoice(db, { contract, periodStart: '2026-01-01', dueDate: '2026-02-15' });
    await second.app.customerAnswers.caughtUp();
    const total = async () =>
      (await get(second.app, '/api/invoices?type=paid', cookie)).json().invoices.find((item: { id: string }) => item.id === created.id);
    expect(await total()).toBeUndefined();
    expect(second.app.customerAnswers.size).toBe(1);
    await db.update(invoice).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(invoice.id, created.id));
    await second.app.customerAnswers.caughtUp();
    expect(await total()).toMatchObject({ paymentStatus: 'paid' });
  });
});
