import { afterAll, describe, expect, it } from 'vitest';
import type { CommandAnswer, LoadCommand } from '@portal/schema/power';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../integrations/head-end/embedded-broker.ts';
import { eventually, makeJobsDue, seedPowerDemo } from '../../test-support/power-fixtures.ts';
import { HOSTS, useTestApp, type TestContext } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

/** A broker of the test's own on a fixed port, so it can go away and come back where the portal looks for it. */
const broker: { current: EmbeddedBroker } = { current: await startEmbeddedBroker() };
afterAll(() => broker.current.close());

async function restartBroker() {
  const { port } = broker.current;
  await broker.current.close();
  broker.current = await startEmbeddedBroker({ port });
}

const HEATER = 'load-lumo-aino-el-1';

async function switchHeater(ctx: TestContext, state: 'on' | 'off') {
  const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/load-controls/change-control',
    headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ target: 'load', loadId: HEATER, state }),
  });
  expect(response.statusCode, response.body).toBe(202);
  const command = response.json<CommandAnswer>().command;
  const read = async () =>
    (await ctx.app.inject({ url: `/api/load-controls/commands/${command.id}`, headers: { host: HOSTS.lumo, cookie } })).json<LoadCommand>();
  return { command, read };
}

describe('a broker restart in the middle of a command', () => {
  const ctx = useTestApp({
    MQTT_URL: broker.current.url,
    METER_SIMULATOR_FAILURE_RATE: '0',
    METER_SIMULATOR_SILENCE_RATE: '0',
    METER_SIMULATOR_ANSWER_DELAY_MS: '300-300',
  });

  it('settles a command sent just before the broker went away, from the meter’s retained state once it is back', async () => {
    await seedPowerDemo(ctx);
    const { read } = await switchHeater(ctx, 'off');
    await ctx.app.jobs.runDue();
    // The meter has the command; the broker dies before its answer, and comes back empty.
    await restartBroker();
    const settled = await eventually(async () => {
      const command = await read();
      return command.status === 'pending' ? null : command;
    });
    expect(settled.status).toBe('confirmed');
  });

  it('keeps a command the broker could not take, and sends it once the broker is back', async () => {
    await broker.current.close();
    await eventually(async () => (ctx.app.headEnd.isConnected() ? null : true));
    // The copy keeps serving: readiness names the broker, it does not fail for it.
    const ready = await ctx.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { meterBroker: 'reconnecting' } });
    const { read } = await switchHeater(ctx, 'on');
    const attempts = await ctx.app.jobs.runDue();
    expect(attempts.find((job) => job.kind === 'load-control.send-command')?.outcome).toBe('retry');
    expect((await read()).status).toBe('pending');

    broker.current = await startEmbeddedBroker({ port: Number(new URL(ctx.config.headEnd.mqttUrl!).port) });
    // Sent before the meters subscribed again, a command would reach nobody on a broker that forgot every session.
    await eventually(async () => (ctx.app.headEnd.isConnected() && ctx.app.meterSimulator!.isListening() ? true : null));
    await makeJobsDue(ctx, 'load-control.send-command');
    const settled = await eventually(async () => {
      await ctx.app.jobs.runDue();
      const command = await read();
      return command.status === 'pending' ? null : command;
    });
    expect(settled.status).toBe('confirmed');
  });
});
