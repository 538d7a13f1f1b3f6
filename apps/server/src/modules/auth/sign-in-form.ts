import type { FastifyRequest } from 'fastify';
import { authProvider, type AuthProvider } from '@portal/schema/identity';
import type { PageBootstrap } from '@portal/schema/site';
import type { RunAuth } from './auth-for.ts';
import type { Database } from '../../platform/database.ts';
import { identityProviderRepository } from './site-identity-providers.ts';
import { toWebRequest } from './web-request.ts';

/** Auth.js's sign-in page (auth-config.ts `pages.signIn`): the one page drawn with the sign-in forms. */
export const SIGN_IN_PAGE = '/auth/signin';

export type SignInFormOfPage = {
  form: NonNullable<PageBootstrap['signInForm']>;
  setCookies: string[];
  /** Where the forms' posts are sent on: the e-ID brokers' origins, for the page's CSP `form-action`. */
  formTargets: string[];
};

/**
 * What the sign-in page is drawn with on the server, so that it is forms that post without script (docs/decisions/104):
 * the ways in and Auth.js's CSRF token, asked of Auth.js itself as the app's own calls ask for them
 * (GET /api/auth/providers and GET /api/auth/csrf with the visitor's cookies). `setCookies` carries the CSRF cookie
 * Auth.js sets with a new token (double-submit: the token in the form must match it), for the page's answer.
 * Auth.js answers an e-ID post with a redirect to the broker, which a browser follows only where the page's
 * `form-action` allows: the brokers' origins (their issuer's; the local e-ID service is the site's own).
 */
export async function signInFormOf(
  { runAuth, db }: { runAuth: RunAuth; db: Database },
  request: FastifyRequest,
): Promise<SignInFormOfPage> {
  const [providers, csrf, rows] = await Promise.all([
    runAuth(request, toWebRequest(request, { path: '/api/auth/providers' })),
    runAuth(request, toWebRequest(request, { path: '/api/auth/csrf' })),
    identityProviderRepository.forSite(db, request.site.id),
  ]);
  const configured = ((await providers.json()) ?? {}) as Record<string, AuthProvider>;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return {
    form: { providers: Object.values(configured).map((provider) => authProvider.parse(provider)), csrfToken },
    setCookies: [...providers.headers.getSetCookie(), ...csrf.headers.getSetCookie()],
    formTargets: [...new Set(rows.map((row) => new URL(row.issuer).origin))],
  };
}
