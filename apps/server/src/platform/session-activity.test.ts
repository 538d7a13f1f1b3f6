import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authSession } from '../db/schema/identity.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { useTestApp } from '../test-support/test-app.ts';
import { createSessionActivity, LAST_USED_PRECISION_MS } from './session-activity.ts';

describe("a session's last use", () => {
  const ctx = useTestApp();

  it('is written only when neither this copy nor the read says it was written in the last few minutes', async () => {
    const db = ctx.database.db;
    const token = (await sessionCookieFor(db, PEOPLE.aino, 'lumo')).split('=')[1]!;
    let clock = Date.parse('2026-12-03T10:00:00Z');
    const activity = createSessionActivity(db, { now: () => clock });
    const spy = vi.spyOn(db, 'update');
    // Only the sessions' table: the test app's own work (its job runner) may update other tables meanwhile.
    const sessionUpdates = () => spy.mock.calls.filter(([table]) => table === authSession).length;
    const lastUsed = async () =>
      (await db.select({ at: authSession.lastUsedAt }).from(authSession).where(eq(authSession.sessionToken, token)))[0]!.at.getTime();
    try {
      // A new copy meets a session another copy wrote a minute ago: the read says so, and nothing is sent.
      await activity.touch(token, 'lumo', new Date(clock - 60_000));
      expect(sessionUpdates()).toBe(0);

      // Read long ago: written once, and not again by this copy within the precision, whatever its stale read says.
      clock += LAST_USED_PRECISION_MS;
      await db
        .update(authSession)
        .set({ lastUsedAt: new Date(clock - 2 * LAST_USED_PRECISION_MS) })
        .where(eq(authSession.sessionToken, token));
      spy.mockClear();
      await activity.touch(token, 'lumo', new Date(clock - 2 * LAST_USED_PRECISION_MS));
      expect(sessionUpdates()).toBe(1);
      expect(await lastUsed()).toBe(clock);
      clock += 60_000;
      await activity.touch(token, 'lumo', new Date(clock - 2 * LAST_USED_PRECISION_MS));
      expect(sessionUpdates()).toBe(1);

      // Past the precision since this copy wrote it: written again.
      clock += LAST_USED_PRECISION_MS;
      await activity.touch(token, 'lumo', new Date(clock - 2 * LAST_USED_PRECISION_MS));
      expect(sessionUpdates()).toBe(2);
      expect(await lastUsed()).toBe(clock);
    } finally {
      spy.mockRestore();
    }
  });
});
