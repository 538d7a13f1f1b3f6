import { z } from 'zod';
import { commandAction, hanPortStatus, relayState } from '@portal/schema/power';

/**
 * What meters and the head-end say to each other on the broker (docs/decisions/061-head-end-over-mqtt.md).
 * Every meter has its own topics under `<root>/<site>/meters/<gsrn>/`:
 *
 * - `command`: the portal asks (QoS 1); a meter ignores a command id it has already answered, but answers again.
 * - `ack`: the meter's answer to one command (QoS 1).
 * - `state`: the meter's relays, connection and HAN port, with its latest answers (QoS 1, retained), so a
 *   subscriber that was away hears the outcome of what it asked as soon as it subscribes again.
 * - `readings`: instantaneous values every few seconds (QoS 0, retained: a new watcher gets the latest at once).
 */
export type MeterAddress = { siteId: string; gsrn: string };
export type MeterTopic = 'command' | 'ack' | 'state' | 'readings';

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const ROOT = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,3}$/;
export const DEFAULT_TOPIC_ROOT = 'portal';

/**
 * The topics under a root (`portal` by default; MQTT_TOPIC_ROOT gives environments sharing a broker their own).
 */
export function meterTopics(root: string = DEFAULT_TOPIC_ROOT) {
  if (!ROOT.test(root)) throw new Error(`Not a topic root: ${root}`);
  const pattern = new RegExp(`^${root}/([A-Za-z0-9_-]{1,64})/meters/([A-Za-z0-9_-]{1,64})/(command|ack|state|readings)$`);
  return {
    of(meter: MeterAddress, topic: MeterTopic): string {
      if (!SEGMENT.test(meter.siteId) || !SEGMENT.test(meter.gsrn)) throw new Error(`Not a meter address: ${meter.siteId}/${meter.gsrn}`);
      return `${root}/${meter.siteId}/meters/${meter.gsrn}/${topic}`;
    },
    /** Subscription pattern of one topic for every meter. */
    every: (topic: MeterTopic) => `${root}/+/meters/+/${topic}`,
    parse(topic: string): { meter: MeterAddress; topic: MeterTopic } | null {
      const match = pattern.exec(topic);
      return match ? { meter: { siteId: match[1]!, gsrn: match[2]! }, topic: match[3] as MeterTopic } : null;
    },
  };
}

export const commandMessage = z.object({
  commandId: z.string().min(1).max(100),
  action: commandAction,
  relay: z.number().int().min(1).max(8).optional(),
  issuedAt: z.iso.datetime({ offset: true }),
});
export type CommandMessage = z.infer<typeof commandMessage>;

export const answerMessage = z.object({
  commandId: z.string().min(1).max(100),
  outcome: z.enum(['confirmed', 'failed']),
  reason: z.string().max(200).nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type AnswerMessage = z.infer<typeof answerMessage>;

export const stateMessage = z.object({
  connection: z.enum(['connected', 'disconnected']),
  relays: z.record(z.string().regex(/^[1-8]$/), relayState),
  hanPort: hanPortStatus,
  at: z.iso.datetime({ offset: true }),
  /** The meter's latest answers, newest last: the retained copy of its acks. */
  answers: z.array(answerMessage).max(20),
});
export type StateMessage = z.infer<typeof stateMessage>;

const phases = z.tuple([z.number(), z.number(), z.number()]);
export const readingMessage = z.object({
  measuredAt: z.iso.datetime({ offset: true }),
  activePowerImportW: z.number().min(0),
  activePowerExportW: z.number().min(0),
  voltageV: phases,
  currentA: phases,
  energyImportWh: z.number().min(0),
  energyExportWh: z.number().min(0),
});
export type ReadingMessage = z.infer<typeof readingMessage>;

/** A message body as JSON, or null when it is not JSON of that shape (a broker carries anything). */
export function decode<S extends z.ZodType>(schema: S, payload: Buffer): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
