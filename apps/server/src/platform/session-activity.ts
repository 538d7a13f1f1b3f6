import { and, eq, lt } from 'drizzle-orm';
import { authSession } from '../db/schema/identity.ts';
import type { Database } from './database.ts';

/** How stale "last used" may be: a write per request would cost every call, a few minutes tells the person enough. */
export const LAST_USED_PRECISION_MS = 5 * 60_000;

/**
 * Keeps each session's "last used" (active sessions, docs/decisions/077) within a few minutes of the truth. This copy
 * remembers when it last wrote a token, and the session's read says when it was last written, so a busy session costs
 * one UPDATE per few minutes, and the UPDATE itself skips rows another copy wrote recently. The column is outside the
 * actor-cache trigger (migration 0023).
 */
export function createSessionActivity(db: Database, { now = Date.now, maxEntries = 10_000 } = {}) {
  const written = new Map<string, number>();
  return {
    /**
     * `readLastUsed` is "last used" as the session's read found it: a copy that has not written the token yet (a new
     * copy, or another copy wrote it) needs no UPDATE to learn it is recent (decision 134).
     */
    async touch(sessionToken: string, siteId: string, readLastUsed: Date): Promise<void> {
      const at = now();
      const last = Math.max(written.get(sessionToken) ?? -Infinity, readLastUsed.getTime());
      if (at - last < LAST_USED_PRECISION_MS) return;
      if (written.size >= maxEntries) written.delete(written.keys().next().value!);
      written.set(sessionToken, at);
      await db
        .update(authSession)
        .set({ lastUsedAt: new Date(at) })
        .where(
          and(
            eq(authSession.sessionToken, sessionToken),
            eq(authSession.siteId, siteId),
            lt(authSession.lastUsedAt, new Date(at - LAST_USED_PRECISION_MS)),
          ),
        );
    },
  };
}
export type SessionActivity = ReturnType<typeof createSessionActivity>;
