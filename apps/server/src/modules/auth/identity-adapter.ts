import type { Adapter, AdapterAccount } from '@auth/core/adapters';
import { DrizzleAdapter } from '@auth/drizzle-adapter';
import { and, eq } from 'drizzle-orm';
import { authAccount, authSession, authVerificationToken, person } from '../../db/schema/identity.ts';
import type { Database } from '../../platform/database.ts';

/** Providers whose subject is the person's country-prefixed personal code. */
export const E_ID_PROVIDERS = new Set(['eid', 'telecom']);

/**
 * Auth.js's Drizzle adapter over the portal's tables, for one site: sessions are stamped with the site and
 * open nothing elsewhere, and a person already known to the utility by personal code (from its customer
 * system) is recognised at their first e-ID sign-in instead of being created twice. A new session keeps the
 * User-Agent of the request that made it.
 */
export function identityAdapter(db: Database, siteId: string, userAgent: string | null = null): Adapter {
  const base = DrizzleAdapter(db, {
    usersTable: person,
    accountsTable: authAccount,
    sessionsTable: authSession,
    verificationTokensTable: authVerificationToken,
  });
  return {
    ...base,
    // The browser that signed in, for the person's list of active sessions (docs/decisions/077).
    createSession: (session) => base.createSession!({ ...session, siteId, userAgent: userAgent?.slice(0, 512) ?? null } as typeof session),
    async getSessionAndUser(sessionToken) {
      const found = await base.getSessionAndUser!(sessionToken);
      return found && (found.session as { siteId?: string }).siteId === siteId ? found : null;
    },
    async getUserByAccount(account: Pick<AdapterAccount, 'provider' | 'providerAccountId'>) {
      const linked = await base.getUserByAccount!(account);
      if (linked || !E_ID_PROVIDERS.has(account.provider)) return linked;
      const [known] = await db.select().from(person).where(eq(person.ssn, account.providerAccountId));
      if (!known) return null;
      await db
        .insert(authAccount)
        .values({ userId: known.id, type: 'oidc', provider: account.provider, providerAccountId: account.providerAccountId })
        .onConflictDoNothing();
      return { ...known, email: known.email ?? '' };
    },
    async deleteSession(sessionToken) {
      await db.delete(authSession).where(and(eq(authSession.sessionToken, sessionToken), eq(authSession.siteId, siteId)));
    },
  };
}
