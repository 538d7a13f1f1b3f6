import type { SessionActor } from './actor-repository.ts';
import { createChangeChannel, type ChangeObserver } from './change-channel.ts';
import type { DatabaseHandle } from './database.ts';

/** Triggers of migration 0009 announce here whose actor changed: a person's id, or `*` for everyone. */
export const ACTOR_CHANGED_CHANNEL = 'actor_changed';

export type ActorCacheOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  /** How long an answer is kept at most, even when no change is heard. */
  ttlMs?: number;
  maxEntries?: number;
  /** How long `caughtUp` waits for its own notification before it gives up and empties the cache. */
  syncTimeoutMs?: number;
  now?: () => number;
  onLost?: (error: Error) => void;
  /** Also told what the channel hears (the long answers of platform/long-answers.ts re-check the person's). */
  observer?: ChangeObserver;
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
  observer,
}: ActorCacheOptions) {
  const entries = new Map<string, Entry>();
  const changeChannel = createChangeChannel({
    database,
    channel: ACTOR_CHANGED_CHANNEL,
    syncTimeoutMs,
    onLost,
    onChange: (payload) => {
      if (payload === '*') entries.clear();
      else forgetPerson(payload);
      observer?.onChange(payload);
    },
    onReset: () => {
      entries.clear();
      observer?.onReset();
    },
  });

  const keyOf = (siteId: string, token: string) => `${siteId}\u0000${token}`;

  function forgetPerson(personId: string) {
    for (const [key, entry] of entries) if (entry.personId === personId) entries.delete(key);
  }

  return {
    start: changeChannel.start,
    stop: changeChannel.stop,

    /** The kept actor of a session, or `load`'s answer, kept when nothing changed while it was read. */
    async resolve(siteId: string, token: string, load: () => Promise<SessionActor | null>): Promise<SessionActor | null> {
      const key = keyOf(siteId, token);
      const entry = entries.get(key);
      if (entry && entry.expires > now()) return entry.value;
      if (entry) entries.delete(key);
      // The calls of one page load share one read of the session (change-channel.ts `shared`).
      return changeChannel.shared(key, async () => {
        const before = changeChannel.changes;
        const value = await load();
        if (value && changeChannel.listening && before === changeChannel.changes) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          const expires = Math.min(now() + ttlMs, value.validUntil.getTime());
          entries.set(key, { value, personId: value.person.id, expires });
        }
        return value;
      });
    },

    /**
     * Resolves once every change committed before the call has been heard: its own NOTIFY comes after them in
     * commit order. A write request waits for it before answering, so the browser's next request, on this copy,
     * never meets the actor its write changed.
     */
    caughtUp: changeChannel.caughtUp,

    get size() {
      return entries.size;
    },
  };
}
export type ActorCache = ReturnType<typeof createActorCache>;
