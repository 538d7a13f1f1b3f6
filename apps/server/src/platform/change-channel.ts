import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './database.ts';
import { createSingleFlight } from './single-flight.ts';

const SYNC_PREFIX = 'sync:';

/** Someone besides a channel's own cache who wants to hear its changes and resets (same meanings as below). */
export type ChangeObserver = { onChange: (payload: string) => void; onReset: () => void };

export type ChangeChannelOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  /** The NOTIFY channel that triggers (or writers) announce changes on. */
  channel: string;
  /** A change was heard: a payload other than this copy's own sync marks (an id, or `*` for everything). */
  onChange: (payload: string) => void;
  /** Everything kept may be stale: the listening connection was lost, or a sync mark never came back. */
  onReset: () => void;
  /** How long `caughtUp` waits for its own notification before it gives up and resets. */
  syncTimeoutMs?: number;
  onLost?: (error: Error) => void;
};

/**
 * One LISTEN on a PostgreSQL channel for a per-copy cache (the actor cache, customer answers, sites): every
 * server copy hears every committed change, whoever made it (decisions 080, 082, 071). The rules the caches
 * share live here once: while not listening nothing may be kept (`listening`), a value read while a change
 * was heard may predate it (`changes` counts them), concurrent reads of one thing are one read (`shared`), and a write can wait until this copy has heard every
 * change committed before it (`caughtUp`).
 */
export function createChangeChannel({ database, channel, onChange, onReset, syncTimeoutMs = 2_000, onLost }: ChangeChannelOptions) {
  const waiting = new Map<string, () => void>();
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = false;
  let relisten: NodeJS.Timeout | null = null;
  let changes = 0;
  const once = createSingleFlight();

  function heard(payload: string) {
    if (payload.startsWith(SYNC_PREFIX)) {
      waiting.get(payload)?.();
      return;
    }
    changes++;
    onChange(payload);
  }

  async function listen(): Promise<void> {
    if (stopped || unlisten) return;
    try {
      unlisten = await database.listen(channel, heard, (error) => {
        unlisten = null;
        changes++;
        onReset();
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
      onReset();
      await unlisten?.();
      unlisten = null;
    },

    /** Whether this copy hears changes now: only then may a cache keep anything. */
    get listening() {
      return unlisten !== null;
    },

    /** How many changes (and losses) were heard so far: compare before and after a read. */
    get changes() {
      return changes;
    },

    /**
     * `read`'s answer, shared with the calls for `key` that come while it runs and before any change is heard: a
     * call after a change never gets a read that started before it. While not listening, each call reads alone.
     */
    shared<T>(key: string, read: () => Promise<T>): Promise<T> {
      return unlisten ? once(`${changes}\u0000${key}`, read) : read();
    },

    /**
     * Resolves once every change committed before the call has been heard: its own NOTIFY comes after them in
     * commit order. If it does not come back in time, the cache resets instead.
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
        await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
        if (!(await heardOwn)) {
          changes++;
          onReset();
        }
      } finally {
        clearTimeout(timer);
        waiting.delete(payload);
      }
    },
  };
}
