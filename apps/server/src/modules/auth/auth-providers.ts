import type { EmailConfig } from '@auth/core/providers/email';
import type { OIDCConfig } from '@auth/core/providers';
import type { SiteBootstrap } from '@portal/schema/site';
import type { MailSender } from '../../integrations/mail/port.ts';
import { signInMail } from './sign-in-mail.ts';
import type { IdentityProviderRow } from './site-identity-providers.ts';

type EIdProfile = { sub: string; name?: string; email?: string; country?: string };

const providerNames: Record<string, string> = { eid: 'e-ID', telecom: 'Mobile ID' };

/** The e-ID broker's OpenID Connect client: the subject is the person's country-prefixed personal code. */
function eIdProvider(row: IdentityProviderRow): OIDCConfig<EIdProfile> {
  return {
    id: row.providerId,
    name: providerNames[row.providerId] ?? row.providerId,
    type: 'oidc',
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: row.clientSecret,
    checks: ['pkce', 'state', 'nonce'],
    authorization: { params: { scope: 'openid profile email', acr_values: row.providerId === 'telecom' ? 'telecom' : 'eid' } },
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? null,
      ssn: profile.sub,
      countryCode: profile.country ?? null,
    }),
  };
}

/** Sign-in by a link sent to the person's e-mail address (site feature SIGN_IN_EMAIL_ONLY). */
function emailProvider(site: SiteBootstrap, mail: MailSender): EmailConfig {
  return {
    id: 'email',
    type: 'email',
    name: 'E-mail',
    maxAge: 15 * 60,
    sendVerificationRequest: async ({ identifier, url }) => mail.send(signInMail(site, identifier, url)),
    options: {},
  };
}

/**
 * Spec §6: a site signs in by e-ID; with SIGN_IN_TELECOM also through a telecom provider; with
 * SIGN_IN_EMAIL_ONLY by e-mail link alone.
 */
export function authProvidersFor(site: SiteBootstrap, rows: IdentityProviderRow[], mail: MailSender) {
  if (site.features.includes('SIGN_IN_EMAIL_ONLY')) return [emailProvider(site, mail)];
  return rows
    .filter((row) => row.providerId === 'eid' || (row.providerId === 'telecom' && site.features.includes('SIGN_IN_TELECOM')))
    .map(eIdProvider);
}
