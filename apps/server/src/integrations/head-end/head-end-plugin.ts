import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { demoSimulatedMeters } from '../../db/seed/demo-power.ts';
import type { Database } from '../../platform/database.ts';
import type { EmbeddedBroker } from './embedded-broker.ts';
import type { MeterSimulator } from './meter-simulator.ts';
import { connectMqttHeadEnd } from './mqtt-head-end.ts';
import type { HeadEnd } from './port.ts';

declare module 'fastify' {
  interface FastifyInstance {
    headEnd: HeadEnd;
    /** Demo mode's meters on the same broker; null outside demo mode. */
    meterSimulator: MeterSimulator | null;
  }
}

/**
 * Connects the head-end to MQTT_URL, or to a broker embedded in this process when none is named
 * (docs/decisions/061-head-end-over-mqtt.md), and in demo mode starts the meter simulator on the same broker.
 * Everything closes with the app.
 */
export const headEndConnection = fp(
  async (app: FastifyInstance, { config, db }: { config: Config; db: Database }) => {
    const log = app.log.child({ component: 'head-end' });
    const { mqttUrl, topicRoot, simulator: simulation } = config.headEnd;
    // The in-process broker and the simulated meters are loaded only by a copy that runs them (issue 30, lean copies).
    const broker: EmbeddedBroker | null = mqttUrl ? null : await (await import('./embedded-broker.ts')).startEmbeddedBroker();
    const url = mqttUrl ?? broker!.url;
    const headEnd = await connectMqttHeadEnd({ url, topicRoot, log });
    const simulator = simulation
      ? await (
          await import('./meter-simulator.ts')
        ).startMeterSimulator({
          url,
          topicRoot,
          meters: await demoSimulatedMeters(db),
          log: log.child({ component: 'meter-simulator' }),
          ...simulation,
        })
      : null;
    app.decorate('headEnd', headEnd);
    app.decorate('meterSimulator', simulator);
    app.addHook('onClose', async () => {
      await simulator?.close();
      await headEnd.close();
      await broker?.close();
    });
  },
  { name: 'head-end' },
);
