import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommandAnswer, LoadCommand, MeteringPointStatus } from '@portal/schema/power';
import { auditLog, person } from '../../db/schema/identity.ts';
import { gsrn } from '../../db/seed/demo-energy-catalogue.ts';
import { loadCommand } from '../../db/schema/power.ts';
import { eventually, makeJobsDue, seedPowerDemo } from '../../test-support/power-fixtures.ts';
import { testBrokers } from '../../test-support/mqtt-brokers.ts';
import { HOSTS, useTestApp, type TestContext } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { customerIdOf as customerId } from '../../test-support/energy-factories.ts';

const customerIdOf = (ctx: TestContext, clientCode: string) => customerId(ctx.database.db, 'lumo', clientCode);

const AINO_WATER_HEATER = 'load-lumo-aino-el-1';
const AINO_HOME = 'obj-lumo-aino-home';
const AINO_METER = { siteId: 'lumo', gsrn: gsrn('64300110000054321') };
const MIKKO_COTTAGE = 'obj-lumo-mikko-cottage';

const quickMeters = { METER_SIMULATOR_FAILURE_RATE: '0', METER_SIMULATOR_SILENCE_RATE: '0', METER_SIMULATOR_ANSWER_DELAY_MS: '20-60' };

function client(ctx: TestContext, cookie: string) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    call,
    switchLoad: (loadId: string, state: 'on' | 'off') =>
      call('POST', '/api/load-controls/change-control', { target: 'load', loadId, state }),
    command: async (id: string) => (await call('GET', `/api/load-controls/commands/${id}`)).json<LoadCommand>(),
    settled: (id: string) =>
      eventually(async () => {
        await ctx.app.jobs.runDue();
        const command = (await call('GET', `/api/load-controls/commands/${id}`)).json<LoadCommand>();
        return command.status === 'pending' ? null : command;
      }),
    status: async () => (await call('GET', `/api/load-controls/metering-point-status/${AINO_METER.gsrn}`)).json<MeteringPointStatus>(),
  };
}

for (const broker of await testBrokers()) {
  describe(`commands through the ${broker.name}`, () => {
    const ctx = useTestApp({ ...quickMeters, ...broker.env });

    it('switches a load off and on: pending, sent, confirmed by the meter, audited with person, customer and outcome', async () => {
      await seedPowerDemo(ctx);
      const aino = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
      const off = await aino.switchLoad(AINO_WATER_HEATER, 'off');
      expect(off.statusCode, off.body).toBe(202);
      const { command } = off.json<CommandAnswer>();
      expect(command).toMatchObject({ action: 'relay-off', status: 'pending', origin: 'customer', resolvedAt: null });
      expect((await aino.status()).loads.find((load) => load.id === AINO_WATER_HEATER)).toMatchObject({
        state: 'on',
        pendingCommand: { id: command.id, status: 'pending' },
      });

      expect(await aino.settled(command.id)).toMatchObject({ status: 'confirmed', failureReason: null });
      expect(ctx.app.meterSimulator?.stateOf(AINO_METER)?.relays['1']).toBe('off');
      const heater = (await aino.status()).loads.find((load) => load.id === AINO_WATER_HEATER);
      expect(heater).toMatchObject({ state: 'off', pendingCommand: null });

      const on = await aino.switchLoad(AINO_WATER_HEATER, 'on');
      expect(await aino.settled(on.json<CommandAnswer>().command.id)).toMatchObject({ status: 'confirmed' });
      expect((await aino.status()).loads.find((load) => load.id === AINO_WATER_HEATER)?.state).toBe('on');

      const [ainoPerson] = await ctx.database.db.select({ id: person.id }).from(person).where(eq(person.ssn, PEOPLE.aino));
      const audit = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'load-control relay-off'), eq(auditLog.personId, ainoPerson!.id)));
      expect(audit.map((line) => line.outcome).sort()).toEqual(['confirmed', 'pending']);
      expect(new Set(audit.map((line) => line.customerId))).toEqual(new Set([await customerIdOf(ctx, 'LUMO-100001')]));
      expect(audit[0]!.details).toContain(`command ${command.id}`);
    });

    it('answers a second command for the same load with the one pending, and lets another load switch meanwhile', async () => {
      const aino = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
      const first = await aino.switchLoad(AINO_WATER_HEATER, 'off');
      const second = await aino.switchLoad(AINO_WATER_HEATER, 'on');
      expect(first.statusCode).toBe(202);
      expect(second.statusCode).toBe(200);
      expect(second.json<CommandAnswer>()).toMatchObject({ alreadyPending: true, command: { id: first.json<CommandAnswer>().command.id } });
      const charger = await aino.switchLoad('load-lumo-aino-el-2', 'off');
      expect(charger.statusCode).toBe(202);
      const pending = await ctx.database.db.select().from(loadCommand).where(eq(loadCommand.status, 'pending'));
      expect(pending).toHaveLength(2);
      await aino.settled(first.json<CommandAnswer>().command.id);
      await aino.settled(charger.json<CommandAnswer>().command.id);
    });

    it('records a refusal as failed with the meter’s reason and leaves the load as it was', async () => {
      const aino = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
      const before = (await aino.status()).loads.find((load) => load.id === AINO_WATER_HEATER)!.state;
      ctx.app.meterSimulator!.steer(AINO_METER, 'fail');
      const answer = await aino.switchLoad(AINO_WATER_HEATER, before === 'on' ? 'off' : 'on');
      const settled = await aino.settled(answer.json<CommandAnswer>().command.id);
      expect(settled.status).toBe('failed');
      expect(settled.failureReason).toMatch(/relay|busy|rejected/);
      expect((await aino.status()).loads.find((load) => load.id === AINO_WATER_HEATER)!.state).toBe(before);
    });

    it('times a command out when the meter never answers, and audits the timeout', async () => {
      const aino = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
      ctx.app.meterSimulator!.steer(AINO_METER, 'silence');
      const answer = await aino.switchLoad(AINO_WATER_HEATER, 'off');
      const { id } = answer.json<CommandAnswer>().command;
      await ctx.app.jobs.runDue();
      expect((await aino.command(id)).status).toBe('pending');
      await makeJobsDue(ctx, 'load-control.expire-command');
      await ctx.app.jobs.runDue();
      expect(await aino.command(id)).toMatchObject({ status: 'timed-out', failureReason: 'the meter did not answer in time' });
      const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.outcome, 'timed-out'));
      expect(audit.some((line) => line.details?.includes(id))).toBe(true);
    });

    it('opens the HAN port and reads the object’s live readings', async () => {
      const aino = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
      expect((await aino.call('GET', `/api/load-controls/han-port-status/${AINO_HOME}`)).json()).toMatchObject({ status: 'closed' });
      const open = await aino.call('POST', `/api/load-controls/han-port-status/${AINO_HOME}`, { action: 'open' });
      expect(open.statusCode, open.body).toBe(202);
      await aino.settled(open.json<CommandAnswer>().command.id);
      expect((await aino.call('GET', `/api/load-controls/han-port-status/${AINO_HOME}`)).json()).toMatchObject({
        status: 'open',
        pendingCommand: null,
      });

      const read = await aino.call('POST', `/api/load-controls/read-live-readings/${AINO_HOME}`);
      expect(read.statusCode).toBe(202);
      await aino.settled(read.json<CommandAnswer>().command.id);
      const live = await eventually(async () => {
        const body = (await aino.call('GET', `/api/load-controls/live-readings/${AINO_HOME}`)).json();
        return body.latest ? body : null;
      });
      expect(live.latest.activePowerImportW + live.latest.activePowerExportW).toBeGreaterThan(0);
      expect(live.latest.voltageV.every((volts: number) => volts > 220 && volts < 240)).toBe(true);
      expect(live.latest.energyImportWh).toBeGreaterThan(1_000_000);
    });

    it('disconnects and reconnects a cottage whose meter has a remote breaker; a house without one is refused', async () => {
      const mikko = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo'));
      const off = await mikko.call('POST', '/api/load-controls/change-control', {
        target: 'connection',
        objectId: MIKKO_COTTAGE,
        state: 'disconnected',
      });
      expect(off.statusCode, off.body).toBe(202);
      expect(await mikko.settled(off.json<CommandAnswer>().command.id)).toMatchObject({ status: 'confirmed' });
      expect((await mikko.call('GET', `/api/load-controls/connection-status/${MIKKO_COTTAGE}`)).json()).toMatchObject({
        status: 'disconnected',
      });
      const locations = (await mikko.call('GET', '/api/dashboard/locations')).json<{ objectId: string; connectionStatus: string }[]>();
      expect(locations.find((object) => object.objectId === MIKKO_COTTAGE)?.connectionStatus).toBe('disconnected');
      const on = await mikko.call('POST', '/api/load-controls/change-control', {
        target: 'connection',
        objectId: MIKKO_COTTAGE,
        state: 'connected',
      });
      expect(await mikko.settled(on.json<CommandAnswer>().command.id)).toMatchObject({ status: 'confirmed' });

      const aino = client(ctx, await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
      const refused = await aino.call('POST', '/api/load-controls/change-control', {
        target: 'connection',
        objectId: AINO_HOME,
        state: 'disconnected',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'REMOTE_SWITCHING_NOT_OFFERED', customerFacing: true });
    });
  });
}
