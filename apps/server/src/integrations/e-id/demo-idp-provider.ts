import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import Provider, { type Account, type FindAccount, type KoaContextWithOIDC } from 'oidc-provider';
import type { DemoIdentity, DemoIdentityProviderOptions } from './demo-idp-types.ts';
import { databaseAdapter } from './demo-idp-adapter.ts';
import { ACR_VALUES } from './demo-idp-methods.ts';
import { renderMessagePage } from './demo-idp-page.ts';
import { demoIdpLocale } from './demo-idp-texts.ts';

export const MOUNT_PATH = '/idp';
export const interactionPath = (uid: string) => `${MOUNT_PATH}/interaction/${uid}`;

function claimsOf(identity: DemoIdentity, authentication: { amr?: string[]; acr?: string } | undefined) {
  const [givenName, ...familyNames] = identity.name.split(' ');
  return {
    sub: identity.ssn,
    name: identity.name,
    given_name: givenName,
    family_name: familyNames.join(' ') || undefined,
    email: identity.email ?? undefined,
    email_verified: identity.email === null ? undefined : true,
    country: identity.countryCode,
    amr: authentication?.amr,
    acr: authentication?.acr,
  };
}

/**
 * The person's method is known from the authentication itself: the session while the authorization
 * request runs, the authorization code at the token endpoint. An access token does not carry it.
 */
function accountFinder(identities: DemoIdentity[]): FindAccount {
  const bySsn = new Map(identities.map((identity) => [identity.ssn, identity]));
  return (ctx, sub, token) => {
    const identity = bySsn.get(sub);
    if (!identity) return undefined;
    const authentication = token && 'amr' in token ? token : ctx.oidc.entities.Session;
    return { accountId: sub, claims: () => claimsOf(identity, authentication) } satisfies Account;
  };
}

/** Every client is one of the portal's own, registered in configuration: consent is implied, never asked. */
async function grantRequestedAccess(ctx: KoaContextWithOIDC) {
  const { client, session } = ctx.oidc;
  const grant = new ctx.oidc.provider.Grant({ clientId: client?.clientId, accountId: session?.accountId });
  grant.addOIDCScope(ctx.oidc.requestParamOIDCScopes);
  grant.addOIDCClaims(ctx.oidc.requestParamClaims);
  await grant.save();
  return grant;
}

export async function createDemoProvider(options: DemoIdentityProviderOptions, formActions: string[]): Promise<Provider> {
  // A key of this process only: the portal checks tokens as soon as they are issued, and the quick-start
  // keys oidc-provider would otherwise sign with are published in its source.
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const provider = new Provider(options.issuer, {
    jwks: { keys: [privateKey.export({ format: 'jwk' })] },
    // In the database, so a sign-in half-way through survives a restart and any server copy can finish it.
    adapter: databaseAdapter(options.db),
    clients: options.clients.map(({ clientId, clientSecret, redirectUris }) => ({
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub', 'country', 'acr', 'amr'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    // The portal reads the person from the ID token; by default it would only carry the openid claims.
    conformIdTokenClaims: false,
    acrValues: [...ACR_VALUES],
    findAccount: accountFinder(options.identities),
    loadExistingGrant: grantRequestedAccess,
    // Sessions end as soon as the person is authenticated (see below), so tokens must not depend on them.
    expiresWithSession: () => false,
    features: {
      devInteractions: { enabled: false },
      // No single sign-on session outlives an authorization, so there is nothing to log out of.
      rpInitiatedLogout: { enabled: false },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    clientBasedCORS: () => false,
    cookies: { keys: options.cookieKeys },
    // Seconds: a person has ten minutes to choose, the portal a minute to redeem the code.
    ttl: {
      AuthorizationCode: 60,
      Interaction: 10 * 60,
      Session: 10 * 60,
      Grant: 10 * 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
    },
    renderError: (ctx, out) => {
      const { html, policy } = renderMessagePage({
        locale: demoIdpLocale(ctx.oidc?.params?.ui_locales),
        details: { error: out.error, error_description: out.error_description },
        formActions,
      });
      ctx.set('content-security-policy', policy);
      ctx.type = 'html';
      ctx.body = html;
    },
  });

  // Like a production broker, every sign-in authenticates afresh: ending the single sign-on session once a
  // person has signed in makes the next sign-in show the picker again, so a demo can switch people.
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    const session = ctx.oidc?.entities.Session;
    if (session?.accountId) await session.destroy();
  });
  return provider;
}
