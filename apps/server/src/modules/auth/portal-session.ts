import type { PortalSession } from '@portal/schema/identity';
import type { SiteBootstrap } from '@portal/schema/site';
import type { Actor } from '../../platform/actor.ts';

/** What GET /api/auth/session tells the web app of a session, also written into the first page (web-app/routes.ts). */
export function portalSessionOf(actor: Actor | null, site: SiteBootstrap, expires: Date): PortalSession {
  return {
    user: {
      name: actor?.person.name ?? null,
      ssn: actor?.person.ssn ?? null,
      verifiedAt: actor?.person.verifiedAt?.toISOString() ?? null,
      clientCode: actor?.customer?.clientCode ?? null,
      verified: Boolean(actor?.person.ssn && actor.person.verifiedAt),
    },
    userOrRepresentativeCode: actor?.code ?? null,
    features: site.features,
    expires: expires.toISOString(),
  };
}
