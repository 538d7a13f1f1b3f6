import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { todayIn } from '@portal/schema/calendar-dates';
import { createChangeChannel, type ChangeObserver } from './change-channel.ts';
import type { DatabaseHandle } from './database.ts';
import { KeptAnswer } from './kept-answer.ts';

/** Triggers of migration 0015 announce here whose data changed: a customer's id, or `*` for everyone's. */
export const CUSTOMER_DATA_CHANGED_CHANNEL = 'customer_data_changed';

export type CustomerAnswersOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  /** How long an answer is kept at most, even when no change is heard. */
  ttlMs?: number;
  /** Bytes of encoded answers kept at most; the oldest go first. */
  maxBytes?: number;
  /** How long `caughtUp` waits for its own notification before it gives up and empties the cache. */
  syncTimeoutMs?: number;
  now?: () => number;
  onLost?: (error: Error) => void;
  /** Also told what the channel hears (the long answers of platform/long-answers.ts re-check the customer's). */
  observer?: ChangeObserver;
  /** Told how each read was answered: kept, computed, or shared with a computation in flight (platform/metrics.ts). */
  onLookup?: (outcome: 'hit' | 'miss' | 'shared') => void;
};

type Entry = { answer: KeptAnswer; customerId: string; expires: number };
/** A kept read: rows several answers start from (a customer's metering points, the VAT rates), as read. */
type ReadEntry = { value: unknown; customerId: string; expires: number };

/** Kept reads at most: a few per customer who signed in within the minute. */
const MAX_READS = 10_000;
/** The `customerId` of a read that is everyone's (VAT rates): only a `*` notification drops it. */
export const EVERYONE = '*';

/**
 * Encoded answers of the read calls a customer makes over and over (the invoice list, the dashboard's cards, a
 * chart), kept per server copy for a minute at most (docs/decisions/082). The key is the site, the acting customer,
 * the site's calendar day and the request's path and query; the answer is checked against its response schema once,
 * as the serializer would on every call, and sent as kept, compressed once per encoding (kept-answer.ts). Every change of a customer's data fires a trigger whose
 * NOTIFY reaches every copy, which drops that customer's answers (`*`: everyone's). While this copy does not hear
 * the notifications it keeps nothing, and an answer computed while a change was heard is not kept.
 */
export function createCustomerAnswers({
  database,
  ttlMs = 60_000,
  maxBytes = 64 * 1024 * 1024,
  syncTimeoutMs = 2_000,
  now = Date.now,
  onLost,
  observer,
  onLookup,
}: CustomerAnswersOptions) {
  const entries = new Map<string, Entry>();
  const reads = new Map<string, ReadEntry>();
  let bytes = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.answer.bytes;
    entries.delete(key);
  }

  function clear() {
    entries.clear();
    reads.clear();
    bytes = 0;
  }

  const changeChannel = createChangeChannel({
    database,
    channel: CUSTOMER_DATA_CHANGED_CHANNEL,
    syncTimeoutMs,
    onLost,
    onChange: (payload) => {
      if (payload === '*') clear();
      else {
        for (const [key, entry] of entries) if (entry.customerId === payload) drop(key);
        for (const [key, entry] of reads) if (entry.customerId === payload) reads.delete(key);
      }
      observer?.onChange(payload);
    },
    onReset: () => {
      clear();
      observer?.onReset();
    },
  });

  async function keptAnswer<T>(
    key: string,
    customerId: string,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
    until: number,
  ): Promise<KeptAnswer> {
    const entry = entries.get(key);
    if (entry !== undefined && entry.expires > now()) {
      onLookup?.('hit');
      return entry.answer;
    }
    if (entry) drop(key);
    let computed = false;
    // Calls for the same answer while it is computed (a double click, two tabs) share the computation.
    const answer = await changeChannel.shared(key, async () => {
      computed = true;
      const before = changeChannel.changes;
      const fresh = new KeptAnswer(JSON.stringify(schema.parse(await compute())));
      if (changeChannel.listening && before === changeChannel.changes && fresh.bytes <= maxBytes / 16) {
        while (bytes + fresh.bytes > maxBytes && entries.size > 0) drop(entries.keys().next().value!);
        entries.set(key, { answer: fresh, customerId, expires: Math.min(now() + ttlMs, until) });
        bytes += fresh.bytes;
      }
      return fresh;
    });
    onLookup?.(computed ? 'miss' : 'shared');
    return answer;
  }

  /**
   * The kept answer of the call `url` (path and query, as a browser asks it) for this request's site and acting
   * customer, or `compute`'s, kept as `send` keeps it: a call that answers several calls at once (the dashboard's
   * cards, decision 136) shares their kept answers with them.
   */
  async function answer<T>(
    request: FastifyRequest,
    url: string,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
    { until = Number.POSITIVE_INFINITY }: { until?: number } = {},
  ): Promise<KeptAnswer> {
    const customerId = request.actor!.customer!.id;
    const key = [request.site.id, customerId, todayIn(request.site.timezone, new Date(now())), url].join('\u0000');
    return keptAnswer(key, customerId, schema, compute, until);
  }

  return {
    start: changeChannel.start,
    stop: changeChannel.stop,

    /**
     * Sends the kept answer of this request, or `compute`'s, checked against `schema` and kept (until `until`, in
     * epoch milliseconds, at the latest: an answer that names the current price is new each quarter hour). For GET
     * calls of the customer area only: the request must have an acting customer.
     */
    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      schema: z.ZodType<T>,
      compute: () => Promise<T>,
      options: { until?: number } = {},
    ): Promise<FastifyReply> {
      return (await answer(request, request.url, schema, compute, options)).send(request, reply);
    },

    answer,

    /**
     * The rows `read` answers, kept under `key` for `customerId` (or EVERYONE) by the rules of the kept answers: a
     * minute at most, dropped when the database says that customer's data (or everyone's) changed, not kept while
     * the changes are not heard or when one was heard during the read. The calls of one page load ask at once: they
     * share one read in flight (issue 30: the same metering points were read by five calls of a dashboard load).
     * For reads outside transactions only; `key` must name the site and customer the rows are scoped by.
     */
    async read<T>(key: string, customerId: string, read: () => Promise<T>): Promise<T> {
      const kept = reads.get(key);
      if (kept !== undefined && kept.expires > now()) return kept.value as T;
      if (kept) reads.delete(key);
      return changeChannel.shared(`read\u0000${key}`, async () => {
        const before = changeChannel.changes;
        const value = await read();
        if (changeChannel.listening && before === changeChannel.changes) {
          if (reads.size >= MAX_READS) reads.delete(reads.keys().next().value!);
          reads.set(key, { value, customerId, expires: now() + ttlMs });
        }
        return value;
      });
    },

    /** Resolves once every change committed before the call has been heard (as the actor cache's `caughtUp`). */
    caughtUp: changeChannel.caughtUp,

    get size() {
      return entries.size;
    },
  };
}
export type CustomerAnswers = ReturnType<typeof createCustomerAnswers>;
