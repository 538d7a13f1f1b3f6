import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionActor } from './actor-repository.ts';
import type { DatabaseHandle } from './database.ts';

/** Triggers of migration 0009 announce here whose actor changed: a person's id, or `*` for everyone. */
export const ACTOR_CHANGED_CHANNEL = 'actor_changed';
const SYNC_PREFIX = 'sync:';

export type ActorCacheOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  /** How long an answer is kept at most, even when no change is heard. */
  ttlMs?: number;
  maxEntries?: number;
  /** How long `caughtUp` waits for its own notification before it gives up and empties the cache. */
  syncTimeoutMs?: number;
  now?: () => number;
  onLost?: (error: Error) => void;
};

type Entry = { value: SessionActor; personId: string; expires: number };

/**
 * The actor of a session token, kept for a few seconds per server copy (docs/decisions/080). Every change that
 * could alter an actor (sign-out, a session's expiry, access rights, staff roles, the person, a customer) fires
 * a trigger whose NOTIFY reaches every copy, which drops that person's entries. While this copy does not hear
 * the notifications (not started, or the listening connection lost) it keeps nothing, so it cannot miss one.
 */
export function createActorCache({
  database,
  ttlMs = 10_000,
  maxEntries = 10_000,
  syncTimeoutMs = 2_000,
  now = Date.now,
  onLost,
}: ActorCacheOptions) {
  const entries = new Map<string, Entry>();
  const waiting = new Map<string, () => void>();
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = false;
  let relisten: NodeJS.Timeout | null = null;
  /** Counts the changes heard: an answer read while one arrived may predate it, and is not kept. */
  let changes = 0;

  const keyOf = (siteId: string, token: string) => `${siteId}\u0000${token}`;

  function forgetPerson(personId: string) {
    for (const [key, entry] of entries) if (entry.personId === personId) entries.delete(key);
  }

  function heard(payload: string) {
    if (payload.startsWith(SYNC_PREFIX)) {
      waiting.get(payload)?.();
      return;
    }
    changes++;
    if (payload === '*') entries.clear();
    else forgetPerson(payload);
  }

  async function listen(): Promise<void> {
    if (stopped || unlisten) return;
    try {
      unlisten = await database.listen(ACTOR_CHANGED_CHANNEL, heard, (error) => {
        unlisten = null;
        changes++;
        entries.clear();
        onLost?.(error);
        if (!stopped) relisten = setTimeout(() => void listen(), 1_000).unref();
      });
    } catch (error) {
      onLost?.(error as Error);
      if (!stopped) relisten = setTimeout(() => void listen(), 1_000).unref();
    }
  }

  return {
    start: listen,

    async stop() {
      stopped = true;
      if (relisten) clearTimeout(relisten);
      entries.clear();
      await unlisten?.();
      unlisten = null;
    },

    /** The kept actor of a session, or `load`'s answer, kept when nothing changed while it was read. */
    async resolve(siteId: string, token: string, load: () => Promise<SessionActor | null>): Promise<SessionActor | null> {
      const key = keyOf(siteId, token);
      const entry = entries.get(key);
      if (entry && entry.expires > now()) return entry.value;
      if (entry) entries.delete(key);
      const before = changes;
      const value = await load();
      if (value && unlisten && before === changes) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        const expires = Math.min(now() + ttlMs, value.validUntil.getTime());
        entries.set(key, { value, personId: value.person.id, expires });
      }
      return value;
    },

    /**
     * Resolves once every change committed before the call has been heard: its own NOTIFY comes after them in
     * commit order. A write request waits for it before answering, so the browser's next request, on this copy,
     * never meets the actor its write changed.
     */
    async caughtUp(): Promise<void> {
      if (!unlisten) return;
      const payload = `${SYNC_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const heardOwn = new Promise<boolean>((resolve) => {
        waiting.set(payload, () => resolve(true));
        timer = setTimeout(() => resolve(false), syncTimeoutMs);
      });
      try {
        await database.db.execute(sql`select pg_notify(${ACTOR_CHANGED_CHANNEL}, ${payload})`);
        if (!(await heardOwn)) entries.clear();
      } finally {
        clearTimeout(timer);
        waiting.delete(payload);
      }
    },

    get size() {
      return entries.size;
    },
  };
}
export type ActorCache = ReturnType<typeof createActorCache>;
