import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { startEmbeddedBroker } from '../apps/server/src/integrations/head-end/embedded-broker.ts';
import { startMeterSimulator, type SimulatedMeter } from '../apps/server/src/integrations/head-end/meter-simulator.ts';
import { connectMqttHeadEnd } from '../apps/server/src/integrations/head-end/mqtt-head-end.ts';
import { WEATHER_AREAS } from '../apps/server/src/db/seed/energy-profiles.ts';

const METERS = 200;
const COMMANDS = 4000;
const IN_FLIGHT = 200;

/**
 * Commands per second through a broker: the head-end publishes relay commands to 200 simulated meters (answering
 * at once), 200 in flight, and counts the answers it hears. Loopback only, bounded by the command count.
 */
export async function meterCommandThroughput(brokerUrl?: string): Promise<{ broker: string; commandsPerSecond: number }> {
  const log = Fastify({ logger: false }).log;
  const embedded = brokerUrl ? null : await startEmbeddedBroker();
  const url = brokerUrl ?? embedded!.url;
  const topicRoot = `bench/${randomUUID().slice(0, 8)}`;
  const meters: SimulatedMeter[] = Array.from({ length: METERS }, (_, index) => ({
    address: { siteId: 'bench', gsrn: `bench${String(index).padStart(6, '0')}` },
    profile: 'house',
    area: WEATHER_AREAS['fi-espoo']!,
    solarKwp: 0,
    relays: { 1: { ratedKw: 2, state: 'on' } },
    remoteSwitching: false,
    connection: 'connected',
    hanPort: 'closed',
  }));
  const simulator = await startMeterSimulator({
    url,
    topicRoot,
    meters,
    log,
    answerDelayMs: [0, 0],
    failureRate: 0,
    silenceRate: 0,
    readingIntervalMs: 3_600_000,
  });
  const headEnd = await connectMqttHeadEnd({ url, topicRoot, log });
  try {
    const waiting = new Map<string, () => void>();
    headEnd.onAnswer((answer) => waiting.get(answer.commandId)?.());
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < COMMANDS) {
        const index = next++;
        const commandId = randomUUID();
        const answered = new Promise<void>((resolve) => waiting.set(commandId, resolve));
        await headEnd.send(meters[index % METERS]!.address, {
          commandId,
          action: index % 2 ? 'relay-on' : 'relay-off',
          relay: 1,
          issuedAt: new Date().toISOString(),
        });
        await answered;
        waiting.delete(commandId);
      }
    };
    await Promise.race([
      Promise.all(Array.from({ length: IN_FLIGHT }, worker)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('meter command bench took over 60 s')), 60_000).unref()),
    ]);
    return { broker: brokerUrl ? 'Mosquitto' : 'embedded Aedes', commandsPerSecond: COMMANDS / ((performance.now() - started) / 1000) };
  } finally {
    await headEnd.close();
    await simulator.close();
    await embedded?.close();
  }
}
