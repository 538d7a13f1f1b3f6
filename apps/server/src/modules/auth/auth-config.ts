import type { AuthConfig } from '@auth/core';
import { eq } from 'drizzle-orm';
import type { SiteBootstrap } from '@portal/schema/site';
import type { PortalSession } from '@portal/schema/identity';
import { person } from '../../db/schema/identity.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import type { Logger } from './auth-logger.ts';
import { E_ID_PROVIDERS, identityAdapter } from './identity-adapter.ts';
import { portalSessionOf } from './portal-session.ts';

/** Spec §3: auth cookies are secure, httpOnly, SameSite=Lax, and live 315360000 s (about ten years). */
export const AUTH_COOKIE_MAX_AGE = 315_360_000;
const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: true };

type Context = {
  db: Database;
  site: SiteBootstrap;
  secret: string;
  providers: AuthConfig['providers'];
  actor: Actor | null;
  logger: Logger;
  /** The User-Agent of the request, kept with a session it starts. */
  userAgent?: string | null;
  now?: () => Date;
};

/** Same-site paths only: a callback can never send the person to another site. */
export function safeRedirect(url: string, baseUrl: string): string {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return `${baseUrl}${url}`;
  try {
    if (new URL(url).origin === new URL(baseUrl).origin) return url;
  } catch {
    // Not a URL at all: fall through to the dashboard.
  }
  return `${baseUrl}/dashboard`;
}

/** Auth.js for one site and one request: the site's providers, database sessions, the portal's pages. */
export function authConfigFor({
  db,
  site,
  secret,
  providers,
  actor,
  logger,
  userAgent = null,
  now = () => new Date(),
}: Context): AuthConfig {
  return {
    basePath: '/api/auth',
    secret,
    trustHost: true,
    providers,
    adapter: identityAdapter(db, site.id, userAgent),
    session: { strategy: 'database', maxAge: AUTH_COOKIE_MAX_AGE, updateAge: 24 * 60 * 60 },
    cookies: {
      sessionToken: { name: 'authjs.session-token', options: cookieOptions },
      callbackUrl: { name: 'authjs.callback-url', options: cookieOptions },
      csrfToken: { name: 'authjs.csrf-token', options: cookieOptions },
      pkceCodeVerifier: { name: 'authjs.pkce.code_verifier', options: { ...cookieOptions, maxAge: 900 } },
      state: { name: 'authjs.state', options: { ...cookieOptions, maxAge: 900 } },
      nonce: { name: 'authjs.nonce', options: cookieOptions },
    },
    pages: { signIn: '/auth/signin', signOut: '/auth/signout', error: '/auth/error', verifyRequest: '/auth/confirm-request' },
    logger,
    callbacks: {
      redirect: ({ url, baseUrl }) => safeRedirect(url, baseUrl),
      async signIn({ user, email }) {
        // E-mail links go only to people the utility already knows: an unknown address is told the same
        // "check your e-mail" as a known one, so the form cannot be used to find out who is a customer.
        if (!email?.verificationRequest) return true;
        const known = user.email ? await db.select({ id: person.id }).from(person).where(eq(person.email, user.email.toLowerCase())) : [];
        return known.length > 0 ? true : '/auth/confirm-request';
      },
      session: ({ session }): PortalSession => portalSessionOf(actor, site, new Date(session.expires)),
    },
    events: {
      // A strong sign-in renews the verification the re-verification period counts from (spec §4).
      async signIn({ user, account, profile }) {
        if (!account || !user.id || !E_ID_PROVIDERS.has(account.provider)) return;
        await db
          .update(person)
          .set({
            verifiedAt: now(),
            ssn: account.providerAccountId,
            name: profile?.name ?? user.name ?? null,
            countryCode: (profile?.country as string | undefined) ?? null,
            updatedAt: now(),
          })
          .where(eq(person.id, user.id));
      },
    },
  };
}
