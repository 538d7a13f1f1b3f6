import type { AnswerMessage, CommandMessage, MeterAddress, ReadingMessage, StateMessage } from './meter-messages.ts';

export type { MeterAddress } from './meter-messages.ts';

/** A meter's answer to a command, as the head-end heard it (on `ack`, or in a retained `state`). */
export type MeterAnswer = AnswerMessage & { meter: MeterAddress };
export type MeterState = StateMessage & { meter: MeterAddress };
export type MeterReading = ReadingMessage & { meter: MeterAddress };

/** The head-end could not take a command now (broker unreachable); sending again later can succeed. */
export class HeadEndUnavailableError extends Error {}

/**
 * The portal's side of the meter head-end (docs/decisions/061-head-end-over-mqtt.md). The MQTT adapter is the
 * real one; the demo's meter simulator is a separate client on the same broker, so both go through this port.
 */
export interface HeadEnd {
  /** Hands a command to the broker; resolves once the broker accepted it (not when the meter answers). */
  send(meter: MeterAddress, command: CommandMessage, signal?: AbortSignal): Promise<void>;
  /** Every answer and every state of every meter, from any copy's commands; returns a function that stops listening. */
  onAnswer(listener: (answer: MeterAnswer) => void): () => void;
  onState(listener: (state: MeterState) => void): () => void;
  /** Live readings of one meter while watched: the broker is subscribed for the first watcher and left after the last. */
  watchReadings(meter: MeterAddress, listener: (reading: MeterReading) => void): () => void;
  isConnected(): boolean;
  close(): Promise<void>;
}
