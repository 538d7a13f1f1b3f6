import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LiveReading } from '@portal/schema/power';
import { person } from '../../db/schema/identity.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { gsrn } from '../../db/seed/demo-energy-catalogue.ts';
import { demoSimulatedMeters, seedDemoPower } from '../../db/seed/demo-power.ts';
import { readEvents } from '../../test-support/event-stream.ts';
import { testBrokers } from '../../test-support/mqtt-brokers.ts';
import { seedPowerDemo } from '../../test-support/power-fixtures.ts';
import { HOSTS, useTestApp, type TestContext } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

const AINO_HOME = 'obj-lumo-aino-home';
const quickMeters = { METER_SIMULATOR_FAILURE_RATE: '0', METER_SIMULATOR_SILENCE_RATE: '0', METER_SIMULATOR_ANSWER_DELAY_MS: '20-60' };

const inject = (ctx: TestContext, cookie: string, method: 'GET' | 'POST', url: string, body?: unknown, host: string = HOSTS.lumo) =>
  ctx.app.inject({
    method,
    url,
    headers: { host, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

for (const broker of await testBrokers()) {
  describe(`live readings as Server-Sent Events through the ${broker.name}`, () => {
    const ctx = useTestApp({ ...quickMeters, ...broker.env }, { listen: true });
    const streamUrl = () => `http://127.0.0.1:${ctx.config.port}/api/load-controls/live-readings/${AINO_HOME}/stream`;

    it('streams the meter’s readings and resumes after the last id a dropped connection saw', async () => {
      await seedPowerDemo(ctx);
      const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
      const headers = { host: HOSTS.lumo, cookie, accept: 'text/event-stream' };
      const publishSoon = () => {
        void (async () => {
          for (let round = 0; round < 3; round++) {
            await sleep(60);
            ctx.app.meterSimulator!.publishReadings();
          }
        })();
      };
      const first = await readEvents(streamUrl(), headers, { count: 3, onOpen: publishSoon });
      expect(first.status).toBe(200);
      expect(first.contentType).toMatch(/^text\/event-stream/);
      expect(first.events.length).toBeGreaterThanOrEqual(2);
      const readings = first.events.map((event) => JSON.parse(event.data) as LiveReading);
      expect(first.events.every((event) => event.event === 'reading')).toBe(true);
      expect(readings.map((reading) => reading.id)).toEqual(first.events.map((event) => event.id));
      const ids = readings.map((reading) => Number(reading.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(readings.at(-1)!.energyImportWh).toBeGreaterThanOrEqual(readings[0]!.energyImportWh);

      // The browser saw only the first: on reconnecting with its id it gets the rest at once, nothing twice.
      const resumed = await readEvents(
        streamUrl(),
        { ...headers, 'last-event-id': first.events[0]!.id! },
        { count: first.events.length - 1 },
      );
      expect(resumed.events.map((event) => event.id)).toEqual(first.events.slice(1).map((event) => event.id));
      // A page that closed its stream while hidden passes the id in the query instead.
      const reopened = await readEvents(`${streamUrl()}?lastEventId=${first.events[0]!.id}`, headers, { count: first.events.length - 1 });
      expect(reopened.events.map((event) => event.id)).toEqual(first.events.slice(1).map((event) => event.id));
    });

    it('gives the latest reading and the recent ones to clients without streams', async () => {
      const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
      const response = await inject(ctx, cookie, 'GET', `/api/load-controls/live-readings/${AINO_HOME}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ latest: LiveReading; recent: LiveReading[] }>();
      expect(body.latest).not.toBeNull();
      expect(body.recent.at(-1)).toEqual(body.latest);
    });

    it('never opens another customer’s stream', async () => {
      const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
      const stream = await readEvents(streamUrl(), { host: HOSTS.lumo, cookie: mikko }, { count: 1, timeoutMs: 1000 });
      expect(stream.status).toBe(404);
      expect(stream.events).toEqual([]);
      const anonymous = await readEvents(streamUrl(), { host: HOSTS.lumo }, { count: 1, timeoutMs: 1000 });
      expect(anonymous.status).toBe(401);
    });
  });
}

describe('power control is the acting customer’s only', () => {
  const ctx = useTestApp(quickMeters);

  it('answers 404 for another customer’s load, object, meter and plan, and changes nothing', async () => {
    await seedPowerDemo(ctx);
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const attempts = [
      ['POST', '/api/load-controls/change-control', { target: 'load', loadId: 'load-lumo-aino-el-1', state: 'off' }, 'LOAD_NOT_FOUND'],
      [
        'POST',
        '/api/load-controls/change-control',
        { target: 'connection', objectId: AINO_HOME, state: 'disconnected' },
        'OBJECT_NOT_FOUND',
      ],
      ['GET', `/api/load-controls/connection-status/${AINO_HOME}`, undefined, 'OBJECT_NOT_FOUND'],
      ['GET', `/api/load-controls/han-port-status/${AINO_HOME}`, undefined, 'OBJECT_NOT_FOUND'],
      ['POST', `/api/load-controls/han-port-status/${AINO_HOME}`, { action: 'open' }, 'OBJECT_NOT_FOUND'],
      ['POST', `/api/load-controls/read-live-readings/${AINO_HOME}`, undefined, 'OBJECT_NOT_FOUND'],
      ['GET', `/api/load-controls/live-readings/${AINO_HOME}`, undefined, 'OBJECT_NOT_FOUND'],
      ['GET', `/api/load-controls/metering-point-status/${gsrn('64300110000054321')}`, undefined, 'METERING_POINT_NOT_FOUND'],
    ] as const;
    for (const [method, url, body, code] of attempts) {
      const response = await inject(ctx, mikko, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code });
    }
    const mine = await inject(ctx, mikko, 'GET', '/api/load-controls/metering-points');
    expect(mine.body).not.toContain('aino');
    expect(mine.json<{ objectId: string }[]>().map((meter) => meter.objectId)).toEqual(['obj-lumo-mikko-cottage', 'obj-lumo-mikko-flat']);
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const heater = (await inject(ctx, aino, 'GET', '/api/load-controls/metering-points')).json<
      { loads: { id: string; pendingCommand: unknown }[] }[]
    >();
    expect(heater[0]!.loads.every((load) => load.pendingCommand === null)).toBe(true);
  });

  it('asks for a fresh e-ID verification before a switch, but not before reading the status', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    await ctx.database.db
      .update(person)
      .set({ verifiedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(person.ssn, PEOPLE.aino));
    const change = await inject(ctx, cookie, 'POST', '/api/load-controls/change-control', {
      target: 'load',
      loadId: 'load-lumo-aino-el-1',
      state: 'off',
    });
    expect(change.statusCode).toBe(401);
    expect(change.json()).toMatchObject({ code: 'REVERIFICATION_REQUIRED' });
    const han = await inject(ctx, cookie, 'POST', `/api/load-controls/han-port-status/${AINO_HOME}`, { action: 'open' });
    expect(han.json()).toMatchObject({ code: 'REVERIFICATION_REQUIRED' });
    expect((await inject(ctx, cookie, 'GET', `/api/load-controls/connection-status/${AINO_HOME}`)).statusCode).toBe(200);
  });

  it('refuses malformed requests with 400 and a clear message', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const bodies = [
      {},
      { target: 'load', state: 'off' },
      { target: 'relay', loadId: 'x', state: 'off' },
      { target: 'load', loadId: 'x', state: 'dim' },
    ];
    for (const body of bodies) {
      const response = await inject(ctx, cookie, 'POST', '/api/load-controls/change-control', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const han = await inject(ctx, cookie, 'POST', `/api/load-controls/han-port-status/${AINO_HOME}`, { action: 'toggle' });
    expect(han.statusCode).toBe(400);
    expect(han.json().message).toContain('action');
  });

  it('offers each part only where the site has its feature', async () => {
    const { db } = ctx.database;
    await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['VE-500102'] });
    await seedDemoPower(db);
    for (const meter of await demoSimulatedMeters(db)) ctx.app.meterSimulator?.add(meter);
    const jaan = await sessionCookieFor(db, PEOPLE.jaan, 'virmalise');
    const host = 'virmalise.localhost:3000';
    // Virmalise offers live readings and the HAN port, not relays or remote disconnection.
    const relay = await inject(
      ctx,
      jaan,
      'POST',
      '/api/load-controls/change-control',
      { target: 'connection', objectId: 'obj-ve-jaan-flat', state: 'disconnected' },
      host,
    );
    expect(relay.statusCode).toBe(404);
    expect(relay.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    expect((await inject(ctx, jaan, 'GET', '/api/load-controls/plans', undefined, host)).statusCode).toBe(404);
    expect((await inject(ctx, jaan, 'GET', '/api/load-controls/han-port-status/obj-ve-jaan-flat', undefined, host)).statusCode).toBe(200);
    expect((await inject(ctx, jaan, 'GET', '/api/load-controls/live-readings/obj-ve-jaan-flat', undefined, host)).statusCode).toBe(200);
  });
});
