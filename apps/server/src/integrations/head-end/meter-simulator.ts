import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { HanPortStatus, RelayState } from '@portal/schema/power';
import { loadKw, noise, seedOf, solarKw, type LoadProfile, type WeatherArea } from '../../db/seed/energy-profiles.ts';
import {
  commandMessage,
  decode,
  meterTopics,
  type AnswerMessage,
  type CommandMessage,
  type MeterAddress,
  type ReadingMessage,
  type StateMessage,
} from './meter-messages.ts';

/** One simulated meter: where its consumption comes from and what it switches. */
export type SimulatedMeter = {
  address: MeterAddress;
  profile: LoadProfile;
  area: WeatherArea;
  solarKwp: number;
  /** Relay number → the load it drives and its state. */
  relays: Record<number, { ratedKw: number; state: RelayState }>;
  remoteSwitching: boolean;
  connection: 'connected' | 'disconnected';
  hanPort: HanPortStatus;
};

/** What the next command to a meter meets; tests steer it, the demo draws it at random. */
export type Fate = 'confirm' | 'fail' | 'silence';

export type MeterSimulatorOptions = {
  url: string;
  topicRoot?: string;
  meters: SimulatedMeter[];
  log: FastifyBaseLogger;
  /** Between these two delays a meter answers (a real head-end takes seconds). */
  answerDelayMs?: [number, number];
  readingIntervalMs?: number;
  /** Share of commands a meter refuses, and of those it never answers (the portal then times them out). */
  failureRate?: number;
  silenceRate?: number;
  random?: () => number;
};

export type MeterSimulator = {
  /** The next command to this meter meets this fate, whatever the rates say. */
  steer(meter: MeterAddress, fate: Fate): void;
  add(meter: SimulatedMeter): void;
  /** Publishes one reading of every meter now (the timer does it every interval). */
  publishReadings(): void;
  stateOf(meter: MeterAddress): StateMessage | null;
  /** Connected and subscribed to commands (after a broker restart, once it is back). */
  isListening(): boolean;
  close(): Promise<void>;
};

const FAILURE_REASONS = ['relay did not respond', 'meter busy with another operation', 'command rejected by the meter'];
const ANSWERS_KEPT = 10;

type Running = SimulatedMeter & {
  answers: AnswerMessage[];
  fates: Fate[];
  seed: number;
  importWh: number;
  exportWh: number;
  lastTick: number;
  tick: number;
};

/**
 * Demo mode's meters (docs/decisions/061-head-end-over-mqtt.md): one MQTT client on the same broker as the
 * portal, answering commands to every simulated meter after a realistic delay (sometimes refusing, sometimes
 * never answering) and publishing live readings every few seconds that follow the point's consumption profile,
 * its solar panels and its relays.
 */
export async function startMeterSimulator({
  url,
  topicRoot,
  meters,
  log,
  answerDelayMs = [1500, 6000],
  readingIntervalMs = 5000,
  failureRate = 0.05,
  silenceRate = 0.03,
  random = Math.random,
}: MeterSimulatorOptions): Promise<MeterSimulator> {
  const topics = meterTopics(topicRoot);
  const running = new Map<string, Running>();
  const keyOf = (meter: MeterAddress) => `${meter.siteId}/${meter.gsrn}`;
  const timers = new Set<NodeJS.Timeout>();
  const client = mqtt.connect(url, { clientId: `meter-simulator-${randomUUID().slice(0, 8)}`, clean: true, reconnectPeriod: 1000 });
  client.on('error', (error) => log.debug({ err: error }, 'meter simulator broker error'));

  function add(meter: SimulatedMeter) {
    const seed = seedOf(meter.address.gsrn);
    const now = Date.now();
    // Registers start where a meter installed in 2020 running at its profile's average would stand.
    const years = (now - Date.UTC(2020, 0, 1)) / (365.25 * 24 * 3_600_000);
    running.set(keyOf(meter.address), {
      ...meter,
      relays: structuredClone(meter.relays),
      answers: [],
      fates: [],
      seed,
      importWh: Math.round(years * 8766 * 1000 * (1 + noise(seed, 1))),
      exportWh: Math.round(years * meter.solarKwp * 850 * 1000),
      lastTick: now,
      tick: 0,
    });
  }
  for (const meter of meters) add(meter);

  const stateOf = (meter: Running): StateMessage => ({
    connection: meter.connection,
    relays: Object.fromEntries(Object.entries(meter.relays).map(([relay, load]) => [relay, load.state])),
    hanPort: meter.hanPort,
    at: new Date().toISOString(),
    answers: meter.answers,
  });

  function publishState(meter: Running) {
    client.publish(topics.of(meter.address, 'state'), JSON.stringify(stateOf(meter)), { qos: 1, retain: true });
  }

  function readingOf(meter: Running, now: number): ReadingMessage {
    meter.tick += 1;
    const hours = (now - meter.lastTick) / 3_600_000;
    meter.lastTick = now;
    let importKw = 0;
    let exportKw = 0;
    if (meter.connection === 'connected') {
      // The profile's load, with a few seconds' flicker, less what switched-off relays would draw now.
      const flicker = 0.95 + 0.1 * noise(meter.seed, meter.tick);
      const switchedOff = Object.values(meter.relays)
        .filter((load) => load.state === 'off')
        .reduce((sum, load) => sum + load.ratedKw * 0.6, 0);
      const load = Math.max(0.12, loadKw(meter.profile, meter.area, meter.seed, now) * flicker - switchedOff);
      const solar = meter.solarKwp ? solarKw(meter.area, meter.solarKwp, now) : 0;
      importKw = Math.max(0, load - solar);
      exportKw = Math.max(0, solar - load);
    }
    meter.importWh += importKw * 1000 * hours;
    meter.exportWh += exportKw * 1000 * hours;
    const shares = [0.38 + 0.06 * noise(meter.seed, meter.tick * 3), 0.33, 0];
    shares[2] = 1 - shares[0]! - shares[1]!;
    const voltage = [0, 1, 2].map((phase) => round(229 + 4 * noise(meter.seed + phase, meter.tick), 1)) as [number, number, number];
    const netW = (importKw + exportKw) * 1000;
    const current = [0, 1, 2].map((phase) => round((netW * shares[phase]!) / (voltage[phase]! * 0.96), 2)) as [number, number, number];
    return {
      measuredAt: new Date(now).toISOString(),
      activePowerImportW: Math.round(importKw * 1000),
      activePowerExportW: Math.round(exportKw * 1000),
      voltageV: meter.connection === 'connected' ? voltage : [0, 0, 0],
      currentA: current,
      energyImportWh: Math.round(meter.importWh),
      energyExportWh: Math.round(meter.exportWh),
    };
  }

  function publishReading(meter: Running) {
    client.publish(topics.of(meter.address, 'readings'), JSON.stringify(readingOf(meter, Date.now())), { qos: 0, retain: true });
  }

  function publishReadings() {
    if (!client.connected) return;
    for (const meter of running.values()) publishReading(meter);
  }

  /** Applies a command the meter accepted; returns why it cannot, if it cannot. */
  function apply(meter: Running, command: CommandMessage): string | null {
    switch (command.action) {
      case 'relay-on':
      case 'relay-off': {
        const load = command.relay === undefined ? undefined : meter.relays[command.relay];
        if (!load) return 'no such relay';
        load.state = command.action === 'relay-on' ? 'on' : 'off';
        return null;
      }
      case 'connect':
      case 'disconnect':
        if (!meter.remoteSwitching) return 'meter has no remote breaker';
        meter.connection = command.action === 'connect' ? 'connected' : 'disconnected';
        return null;
      case 'han-open':
      case 'han-close':
        meter.hanPort = command.action === 'han-open' ? 'open' : 'closed';
        return null;
      case 'read-now':
        return null;
    }
  }

  function answer(meter: Running, command: CommandMessage) {
    const known = meter.answers.find((earlier) => earlier.commandId === command.commandId);
    if (known) {
      // The same command again (the head-end retried a send): answer as before, change nothing.
      client.publish(topics.of(meter.address, 'ack'), JSON.stringify(known), { qos: 1 });
      return;
    }
    const drawn = random();
    const fate: Fate = meter.fates.shift() ?? (drawn < silenceRate ? 'silence' : drawn < silenceRate + failureRate ? 'fail' : 'confirm');
    if (fate === 'silence') return;
    const [shortest, longest] = answerDelayMs;
    const delay = command.action === 'read-now' ? shortest : shortest + random() * (longest - shortest);
    const timer = setTimeout(() => {
      timers.delete(timer);
      const refusal = fate === 'fail' ? FAILURE_REASONS[Math.floor(random() * FAILURE_REASONS.length)]! : apply(meter, command);
      const message: AnswerMessage = {
        commandId: command.commandId,
        outcome: refusal ? 'failed' : 'confirmed',
        reason: refusal,
        at: new Date().toISOString(),
      };
      meter.answers = [...meter.answers, message].slice(-ANSWERS_KEPT);
      client.publish(topics.of(meter.address, 'ack'), JSON.stringify(message), { qos: 1 });
      publishState(meter);
      if (command.action === 'read-now' || !refusal) publishReading(meter);
    }, delay);
    timers.add(timer);
  }

  client.on('message', (topic, payload) => {
    const parsed = topics.parse(topic);
    const meter = parsed && running.get(keyOf(parsed.meter));
    const command = meter ? decode(commandMessage, payload) : null;
    if (meter && command) answer(meter, command);
  });
  client.on('connect', () => {
    for (const meter of running.values()) publishState(meter);
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  let listening = false;
  client.on('close', () => {
    listening = false;
  });
  // mqtt.js subscribes again by itself after a reconnection; the meters listen once the broker granted it.
  client.on('packetreceive', (packet) => {
    if (packet.cmd === 'suback') listening = true;
  });
  await client.subscribeAsync(topics.every('command'), { qos: 1 });
  const interval = setInterval(publishReadings, readingIntervalMs);
  interval.unref();
  publishReadings();

  return {
    steer(meter, fate) {
      running.get(keyOf(meter))?.fates.push(fate);
    },
    add(meter) {
      add(meter);
      if (client.connected) publishState(running.get(keyOf(meter.address))!);
    },
    publishReadings,
    isListening: () => listening,
    stateOf(meter) {
      const found = running.get(keyOf(meter));
      return found ? stateOf(found) : null;
    },
    async close() {
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      await client.endAsync();
    },
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
