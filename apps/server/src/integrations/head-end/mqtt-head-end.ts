import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import {
  answerMessage,
  decode,
  meterTopics,
  readingMessage,
  stateMessage,
  type CommandMessage,
  type MeterAddress,
} from './meter-messages.ts';
import { HeadEndUnavailableError, type HeadEnd, type MeterAnswer, type MeterReading, type MeterState } from './port.ts';

type Options = {
  url: string;
  topicRoot?: string;
  log: FastifyBaseLogger;
  /** How long the broker may take to accept a command before sending counts as failed (and is retried). */
  publishTimeoutMs?: number;
};

/**
 * The head-end over MQTT: commands are published with QoS 1; answers and states of every meter are subscribed
 * with wildcards (each server copy hears all, and applying them is idempotent); readings are subscribed per
 * meter only while someone watches. mqtt.js reconnects on its own and subscribes again after a broker restart.
 */
export async function connectMqttHeadEnd({ url, topicRoot, log, publishTimeoutMs = 5000 }: Options): Promise<HeadEnd> {
  const topics = meterTopics(topicRoot);
  const client = mqtt.connect(url, {
    clientId: `portal-${randomUUID().slice(0, 12)}`,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    resubscribe: true,
  });
  const answerListeners = new Set<(answer: MeterAnswer) => void>();
  const stateListeners = new Set<(state: MeterState) => void>();
  const readingWatchers = new Map<string, Set<(reading: MeterReading) => void>>();
  let reportedDown = false;

  client.on('error', (error) => log.warn({ err: error }, 'meter broker connection error'));
  client.on('offline', () => {
    if (!reportedDown) log.warn({ url: redacted(url) }, 'meter broker unreachable; reconnecting');
    reportedDown = true;
  });
  client.on('connect', () => {
    if (reportedDown) log.info({ url: redacted(url) }, 'meter broker reachable again');
    reportedDown = false;
  });
  client.on('message', (topic, payload) => {
    const parsed = topics.parse(topic);
    if (!parsed) return;
    const { meter } = parsed;
    if (parsed.topic === 'ack') {
      const answer = decode(answerMessage, payload);
      if (answer) for (const listener of answerListeners) listener({ ...answer, meter });
    } else if (parsed.topic === 'state') {
      const state = decode(stateMessage, payload);
      if (state) for (const listener of stateListeners) listener({ ...state, meter });
    } else if (parsed.topic === 'readings') {
      const reading = decode(readingMessage, payload);
      const watchers = readingWatchers.get(topic);
      if (reading && watchers) for (const watcher of watchers) watcher({ ...reading, meter });
    }
  });

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      client.removeListener('connect', connected);
      reject(error);
    };
    const connected = () => {
      client.removeListener('error', failed);
      resolve();
    };
    client.once('connect', connected);
    client.once('error', failed);
  }).catch(async (error: unknown) => {
    await client.endAsync(true);
    throw new Error(`Cannot reach the meter broker at ${redacted(url)}`, { cause: error });
  });
  await client.subscribeAsync({ [topics.every('ack')]: { qos: 1 }, [topics.every('state')]: { qos: 1 } });

  return {
    async send(meter: MeterAddress, command: CommandMessage, signal?: AbortSignal) {
      if (!client.connected) throw new HeadEndUnavailableError('the meter broker is unreachable');
      const timeout = AbortSignal.timeout(publishTimeoutMs);
      const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(new HeadEndUnavailableError('the meter broker did not accept the command in time'));
        if (stop.aborted) return abort();
        stop.addEventListener('abort', abort, { once: true });
        client.publish(topics.of(meter, 'command'), JSON.stringify(command), { qos: 1 }, (error) => {
          stop.removeEventListener('abort', abort);
          if (error) reject(new HeadEndUnavailableError(error.message));
          else resolve();
        });
      });
    },
    onAnswer(listener) {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    watchReadings(meter, listener) {
      const topic = topics.of(meter, 'readings');
      let watchers = readingWatchers.get(topic);
      if (!watchers) {
        watchers = new Set();
        readingWatchers.set(topic, watchers);
        client.subscribe(topic, { qos: 0 }, (error) => {
          if (error) log.warn({ err: error, topic }, 'cannot watch live readings');
        });
      }
      watchers.add(listener);
      return () => {
        const current = readingWatchers.get(topic);
        if (!current?.delete(listener) || current.size > 0) return;
        readingWatchers.delete(topic);
        if (client.connected) client.unsubscribe(topic);
      };
    },
    isConnected: () => client.connected,
    close: () => client.endAsync(),
  };
}

/** The broker address without a password, for logs. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an invalid URL';
  }
}
