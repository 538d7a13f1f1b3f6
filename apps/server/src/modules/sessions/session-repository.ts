import { and, eq, gt, ne } from 'drizzle-orm';
import { authSession } from '../../db/schema/identity.ts';
import { site } from '../../db/schema/sites.ts';
import type { Executor } from '../../platform/database.ts';

export type SessionRow = {
  id: string;
  sessionToken: string;
  userAgent: string | null;
  siteId: string;
  siteName: string;
  createdAt: Date;
  lastUsedAt: Date;
  expires: Date;
};

/** A person's sessions: every statement is scoped by the person, so an id of someone else's session finds nothing. */
export const sessionRepository = {
  async listOf(db: Executor, personId: string, now: Date): Promise<SessionRow[]> {
    return db
      .select({
        id: authSession.id,
        sessionToken: authSession.sessionToken,
        userAgent: authSession.userAgent,
        siteId: authSession.siteId,
        siteName: site.companyName,
        createdAt: authSession.createdAt,
        lastUsedAt: authSession.lastUsedAt,
        expires: authSession.expires,
      })
      .from(authSession)
      .innerJoin(site, eq(site.id, authSession.siteId))
      .where(and(eq(authSession.userId, personId), gt(authSession.expires, now)))
      .orderBy(authSession.lastUsedAt);
  },

  /** Ends one session of the person; false when the person has none by that id. */
  async deleteOne(db: Executor, personId: string, id: string): Promise<boolean> {
    const deleted = await db
      .delete(authSession)
      .where(and(eq(authSession.userId, personId), eq(authSession.id, id)))
      .returning({ id: authSession.id });
    return deleted.length > 0;
  },

  /** Ends every session of the person but the one given; how many ended. */
  async deleteAllBut(db: Executor, personId: string, keepToken: string): Promise<number> {
    const deleted = await db
      .delete(authSession)
      .where(and(eq(authSession.userId, personId), ne(authSession.sessionToken, keepToken)))
      .returning({ id: authSession.id });
    return deleted.length;
  },
};
