import type { Database } from '../../platform/database.ts';

/** What the demo e-ID service is built from: shared by its plugin, provider, interactions and page. */
export type DemoIdpClient = { clientId: string; clientSecret: string; redirectUris: string[] };
/** `ssn` is the country-prefixed personal code, e.g. `EE38001085718`: it becomes the ID token's `sub`. */
export type DemoIdentity = { ssn: string; name: string; email: string | null; countryCode: 'FI' | 'EE' | 'LV' };
export type DemoIdentityProviderOptions = {
  /** The URL browsers and the portal reach the service at, ending in `/idp`. */
  issuer: string;
  clients: DemoIdpClient[];
  identities: DemoIdentity[];
  /** Signing keys of the provider's cookies, newest first. */
  cookieKeys: string[];
  /** Where sessions, interactions, codes and tokens are kept (db/schema/demo-idp.ts). */
  db: Database;
};
