import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addDays, instantAt, todayIn } from '@portal/schema/calendar-dates';
import type { OperatorOutage } from '@portal/schema/operator-outages';
import type { Outage } from '@portal/schema/outages';
import { contract } from '../../db/schema/energy.ts';
import { auditLog } from '../../db/schema/identity.ts';
import { job } from '../../db/schema/jobs.ts';
import { meterEvent, outage, outageContact, outageNotice } from '../../db/schema/outages.ts';
import { gsrn } from '../../db/seed/demo-energy-catalogue.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { latestOutboxMessage } from '../../integrations/mail/outbox.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { createSiteCache } from '../sites/site-cache.ts';
import { localOutageFeed } from '../../integrations/outages/local-feed.ts';
import { advanceOperatorOutages, outageSites } from './operator-outage-clock.ts';
import { applyOutageReports } from './sync-outages.ts';
import { publishPlannedOutage, type Publisher } from './publish-planned-outage.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-operator-outages-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const TIINA_STAFF = 'FI110476-2212';
const TZ = 'Europe/Helsinki';
const AINO_CONTRACT = 'ct-kallio-aino-el';
const MIKKO_CONTRACT = 'ct-kallio-mikko-cottage-el';
const AINO_GSRN = gsrn('64300110000054321');
/** A wall-clock time `days` ahead on Kallio's clock. */
const ahead = (days: number, hour: number) => `${addDays(todayIn(TZ), days)} ${String(hour).padStart(2, '0')}:00`;

const planned = (overrides: Record<string, unknown> = {}) => ({
  gridArea: 'Espoo, Kuusikallio',
  cause: 'maintenance',
  description: 'Muuntamon vaihto',
  startsAt: ahead(5, 9),
  estimatedEndAt: ahead(5, 12),
  postalCodes: ['02210'],
  gsrns: [],
  ...overrides,
});

describe('planned outages an operator publishes (decision 126)', () => {
  const ctx = useTestApp({ DATA_DIR: dataDir });
  let tiina = '';
  let aino = '';
  let mikko = '';
  let sannaOnLumo = '';

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, host: string = HOSTS.kallio) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const outageCount = async () => (await ctx.database.db.select({ n: count() }).from(outage).where(eq(outage.siteId, 'kallio')))[0]!.n;
  const noticesOf = (outageId: string) =>
    ctx.database.db
      .select({
        contractId: outageNotice.contractId,
        kind: outageNotice.kind,
        status: outageNotice.status,
        revision: outageNotice.revision,
        sendAt: outageNotice.sendAt,
        method: outageNotice.method,
      })
      .from(outageNotice)
      .where(eq(outageNotice.outageId, outageId))
      .orderBy(outageNotice.id);
  /** Kallio's customer service as the publishing functions take it, for tests that choose the hour themselves. */
  const kallioStaff = async (): Promise<Publisher> => ({
    site: (await createSiteCache(ctx.database.db).findById('kallio'))!,
    personId: 'p-test',
    staffRoles: ['customer-service'],
    call: { action: 'test', requestId: 'r-test', ipAddress: null },
  });
  const publish = async (body: object) => {
    const response = await call(tiina, 'POST', '/api/staff/outages', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OperatorOutage>();
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['KV-400101', 'KV-400102'] });
    tiina = await sessionCookieFor(db, TIINA_STAFF, 'kallio');
    aino = await sessionCookieFor(db, PEOPLE.aino, 'kallio');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'kallio');
    sannaOnLumo = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    const owners = await db
      .select({ contractId: contract.id, customerId: contract.customerId })
      .from(contract)
      .where(inArray(contract.id, [AINO_CONTRACT, MIKKO_CONTRACT]));
    expect(owners).toHaveLength(2);
    for (const { contractId, customerId } of owners) {
      await db.insert(outageContact).values([
        { contractId, position: 0, siteId: 'kallio', customerId, method: 'Email', value: `${contractId}@example.fi`, timing: 'Always' },
        { contractId, position: 1, siteId: 'kallio', customerId, method: 'Gsm', value: '+358401112233', timing: 'NoNightHours' },
        { contractId, position: 2, siteId: 'kallio', customerId, method: 'Post', value: null, timing: 'Always' },
      ]);
    }
    // Kallio's outage system reports its fault at Mikko's cottage (the local feed, as the sync would apply it).
    const kallio = (await createSiteCache(db).findById('kallio'))!;
    const now = new Date();
    const reports = await localOutageFeed.outages('kallio', now);
    await db.transaction((tx) => applyOutageReports(tx, kallio, reports, now));
  });

  it('publishes a planned outage, tells the contacts of contracts in force in the area only, and audits it', async () => {
    const published = await publish(planned());
    expect(published).toMatchObject({
      status: 'planned',
      gridArea: 'Espoo, Kuusikallio',
      startsAt: ahead(5, 9),
      estimatedEndAt: ahead(5, 12),
      postalCodes: ['02210'],
      affectedContracts: 1,
      editable: true,
      notices: { waiting: 2, sent: 0, manual: 1 },
    });
    const notices = await noticesOf(published.id);
    // Aino's house is in 02210; Mikko's cottage (41800) is not, so his contacts hear nothing.
    expect(notices.map((notice) => [notice.contractId, notice.method, notice.kind, notice.status])).toEqual([
      [AINO_CONTRACT, 'Email', 'planned', 'waiting'],
      [AINO_CONTRACT, 'Gsm', 'planned', 'waiting'],
      [AINO_CONTRACT, 'Post', 'planned', 'manual'],
    ]);
    const jobs = await ctx.database.db.select().from(job).where(like(job.dedupeKey, 'outage-notice:%'));
    expect(jobs.length).toBeGreaterThanOrEqual(2);

    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'kallio'), eq(auditLog.action, 'POST /api/staff/outages')));
    expect(line).toMatchObject({ actorRole: 'customer-service', customerId: null });
    expect(line!.details).toContain(published.id);

    // The customers' list has it, Aino's house named, before outages elsewhere; Mikko sees it, not as his.
    const forAino = (await call(aino, 'GET', '/api/outages')).json<Outage[]>();
    expect(forAino[0]).toMatchObject({
      id: published.id,
      status: 'planned',
      myPlaces: ['Kuusikallionkuja 7'],
      postalCodes: ['02210'],
      description: 'Muuntamon vaihto',
    });
    const forMikko = (await call(mikko, 'GET', '/api/outages')).json<Outage[]>();
    expect(forMikko.find((item) => item.id === published.id)).toMatchObject({ myPlaces: [] });
    // The fault at his cottage (the outage system's) comes first for him.
    expect(forMikko[0]!.myPlaces).toEqual(['Mökkitie 3']);

    // The e-mail goes out in Finnish, the site's language.
    await ctx.app.jobs.runDue();
    const mail = await latestOutboxMessage(ctx.config.mail.outboxDir, `${AINO_CONTRACT}@example.fi`);
    expect(mail).toContain('From: Kallio Verkot Oy');
    expect(mail).toContain(`${ahead(5, 9).slice(8, 10)}.${ahead(5, 9).slice(5, 7)}.${ahead(5, 9).slice(0, 4)} 09:00`);
    expect(mail).toContain('12:00');
  });

  it('refuses what is not a planned outage with 400 or 422 and writes nothing', async () => {
    const before = await outageCount();
    const cases: [object, number, string?][] = [
      [planned({ estimatedEndAt: ahead(5, 8) }), 400],
      [planned({ postalCodes: [], gsrns: [] }), 400],
      [planned({ postalCodes: ['2210'] }), 400],
      [planned({ gsrns: ['123'] }), 400],
      [planned({ startsAt: '2026-13-01 09:00' }), 400],
      [planned({ cause: 'aliens' }), 400],
      [planned({ startsAt: ahead(-1, 9), estimatedEndAt: ahead(-1, 12) }), 422, 'OUTAGE_START_IN_PAST'],
      [planned({ gsrns: ['643000000000000000'] }), 422, 'OUTAGE_AREA_UNKNOWN'],
    ];
    for (const [body, status, code] of cases) {
      const response = await call(tiina, 'POST', '/api/staff/outages', body);
      expect(response.statusCode, response.body).toBe(status);
      if (code) expect(response.json()).toMatchObject({ code });
    }
    expect(await outageCount()).toBe(before);
  });

  it("keeps each site's outages to its own staff: another site's is 404, a customer is refused", async () => {
    const published = await publish(planned({ postalCodes: [], gsrns: [AINO_GSRN] }));
    expect(published.affectedContracts).toBe(1);
    const onLumo = await call(sannaOnLumo, 'PUT', `/api/staff/outages/${published.id}`, planned(), HOSTS.lumo);
    expect(onLumo.statusCode, onLumo.body).toBe(404);
    expect(onLumo.json()).toMatchObject({ code: 'OUTAGE_NOT_FOUND' });
    expect((await call(sannaOnLumo, 'POST', `/api/staff/outages/${published.id}/cancel`, undefined, HOSTS.lumo)).statusCode).toBe(404);
    const lumoList = (await call(sannaOnLumo, 'GET', '/api/staff/outages', undefined, HOSTS.lumo)).json<OperatorOutage[]>();
    expect(lumoList.map((item) => item.id)).not.toContain(published.id);
    expect((await call(aino, 'POST', '/api/staff/outages', planned())).statusCode).toBe(403);
    expect((await call(tiina, 'GET', '/api/staff/outages')).json<OperatorOutage[]>().map((item) => item.id)).toContain(published.id);
  });

  it('announces once: saving again writes nothing, a moved window an updated notice, and cancelling tells those told', async () => {
    // By day on Kallio's clock, whenever the suite runs: at night the SMS would wait for 07:00 (the next test's rule),
    // and a contact not yet told hears nothing of the cancelling. The last noon that has passed keeps every time the
    // routes write in the database's past.
    const today = todayIn(TZ);
    const noon = instantAt(today, 12, TZ) <= new Date() ? instantAt(today, 12, TZ) : instantAt(addDays(today, -1), 12, TZ);
    vi.useFakeTimers({ toFake: ['Date'], now: noon });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const published = await publish(planned({ startsAt: ahead(6, 9), estimatedEndAt: ahead(6, 12) }));
    expect(await noticesOf(published.id)).toHaveLength(3);

    const same = await call(
      tiina,
      'PUT',
      `/api/staff/outages/${published.id}`,
      planned({ startsAt: ahead(6, 9), estimatedEndAt: ahead(6, 12), description: 'Toinen sana' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(await noticesOf(published.id)).toHaveLength(3);

    const moved = await call(
      tiina,
      'PUT',
      `/api/staff/outages/${published.id}`,
      planned({ startsAt: ahead(7, 10), estimatedEndAt: ahead(7, 14) }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ startsAt: ahead(7, 10), estimatedEndAt: ahead(7, 14) });
    const afterMove = await noticesOf(published.id);
    expect(afterMove.filter((notice) => notice.kind === 'rescheduled').map((notice) => [notice.method, notice.revision])).toEqual([
      ['Email', 1],
      ['Gsm', 1],
      ['Post', 1],
    ]);
    // The first window's notices that had not gone out yet never will.
    expect(afterMove.filter((notice) => notice.kind === 'planned' && notice.status === 'waiting')).toEqual([]);

    await ctx.app.jobs.runDue();
    const cancelled = await call(tiina, 'POST', `/api/staff/outages/${published.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', editable: false });
    const cancelNotices = (await noticesOf(published.id)).filter((notice) => notice.kind === 'cancelled');
    expect(cancelNotices.map((notice) => [notice.method, notice.status])).toEqual(
      expect.arrayContaining([
        ['Email', 'waiting'],
        ['Gsm', 'waiting'],
        ['Post', 'manual'],
      ]),
    );
    expect(cancelNotices).toHaveLength(3);

    const again = await call(tiina, 'PUT', `/api/staff/outages/${published.id}`, planned());
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'OUTAGE_NOT_EDITABLE' });
    expect((await call(tiina, 'POST', `/api/staff/outages/${published.id}/cancel`)).statusCode).toBe(422);
    expect((await call(aino, 'GET', '/api/outages')).json<Outage[]>().find((item) => item.id === published.id)).toMatchObject({
      status: 'cancelled',
    });
  });

  it('holds advance notices published at night until 07:00, except for contacts who want them at any hour', async () => {
    // 23:30 on Kallio's clock, the outage two days later.
    const day = addDays(todayIn(TZ), 10);
    const night = new Date(instantAt(day, 23, TZ).getTime() + 30 * 60_000);
    const publisher = await kallioStaff();
    const published = await publishPlannedOutage(
      ctx.database.db,
      publisher,
      planned({ startsAt: `${addDays(day, 2)} 09:00`, estimatedEndAt: `${addDays(day, 2)} 11:00` }) as never,
      night,
    );
    const notices = await noticesOf(published.id);
    expect(notices.map((notice) => [notice.method, notice.status, notice.sendAt.toISOString()])).toEqual([
      ['Email', 'waiting', night.toISOString()],
      ['Gsm', 'waiting', instantAt(addDays(day, 1), 7, TZ).toISOString()],
      ['Post', 'manual', night.toISOString()],
    ]);
  });

  it('drops a notice held for the morning that the outage has overtaken, and sends it to a contact the start missed', async () => {
    // Published at 23:30 on Kallio's clock for outages from 05:00: the SMS waits for 07:00, after their start.
    const day = addDays(todayIn(TZ), 20);
    const next = addDays(day, 1);
    const night = new Date(instantAt(day, 23, TZ).getTime() + 30 * 60_000);
    const publisher = await kallioStaff();
    const publishAt = (start: string, end: string) =>
      publishPlannedOutage(
        ctx.database.db,
        publisher,
        planned({ startsAt: `${next} ${start}`, estimatedEndAt: `${next} ${end}` }) as never,
        night,
      );
    const smsOf = async (outageId: string) =>
      (await noticesOf(outageId))
        .filter((notice) => notice.contractId === AINO_CONTRACT && notice.method === 'Gsm')
        .map((notice) => [notice.kind, notice.status]);
    const smsContact = and(eq(outageContact.contractId, AINO_CONTRACT), eq(outageContact.method, 'Gsm'));
    const sites = await outageSites(ctx.database.db, createSiteCache(ctx.database.db));
    const clockAt = (hour: number) =>
      ctx.database.db.transaction((tx) => advanceOperatorOutages(tx, sites, new Date(instantAt(next, hour, TZ).getTime() + 31 * 60_000)));

    const overBy7 = await publishAt('05:00', '06:30');
    const underWay = await publishAt('05:00', '09:00');
    const startToldAt7 = await publishAt('06:00', '09:30');
    await clockAt(5);
    // The contact now wants night news in the morning: the 06:00 start's own notice waits for 07:00 as well.
    await ctx.database.db.update(outageContact).set({ timing: 'SendAfterNightHours' }).where(smsContact);
    onTestFinished(async () => {
      await ctx.database.db.update(outageContact).set({ timing: 'NoNightHours' }).where(smsContact);
    });
    await clockAt(6);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(instantAt(next, 7, TZ).getTime() + 60_000) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await ctx.app.jobs.runDue();

    // Over before 07:00: nothing to say any more.
    expect(await smsOf(overBy7.id)).toEqual([
      ['planned', 'superseded'],
      ['started', 'skipped-night'],
    ]);
    // Under way, and the start was not told at night (NoNightHours): the morning's SMS says what is going on.
    expect(await smsOf(underWay.id)).toEqual([
      ['planned', 'sent'],
      ['started', 'skipped-night'],
    ]);
    // The start's own notice waited for 07:00 too (SendAfterNightHours): one SMS, not two.
    expect(await smsOf(startToldAt7.id)).toEqual([
      ['planned', 'superseded'],
      ['started', 'sent'],
    ]);
  });

  it('starts and ends an operator outage at its times: meters go dark, the start is told, the list follows', async () => {
    const published = await publish(planned({ startsAt: ahead(3, 13), estimatedEndAt: ahead(3, 15) }));
    const site = await outageSites(ctx.database.db, createSiteCache(ctx.database.db));
    const startsAt = instantAt(addDays(todayIn(TZ), 3), 13, TZ);
    await ctx.database.db.transaction((tx) => advanceOperatorOutages(tx, site, new Date(startsAt.getTime() + 60_000)));
    const [row] = await ctx.database.db.select().from(outage).where(eq(outage.id, published.id));
    expect(row!.status).toBe('current');
    expect((await noticesOf(published.id)).filter((notice) => notice.kind === 'started').length).toBeGreaterThan(0);
    const dark = await ctx.database.db
      .select()
      .from(meterEvent)
      .where(and(eq(meterEvent.outageId, published.id), eq(meterEvent.kind, 'power-off')));
    expect(dark.length).toBeGreaterThan(0);
    // A started outage can no longer change.
    await ctx.database.db.transaction((tx) => advanceOperatorOutages(tx, site, new Date(startsAt.getTime() + 3 * 3_600_000)));
    const [ended] = await ctx.database.db.select().from(outage).where(eq(outage.id, published.id));
    expect(ended!.status).toBe('ended');
    expect((await call(tiina, 'POST', `/api/staff/outages/${published.id}/cancel`)).statusCode).toBe(422);
  });
});
