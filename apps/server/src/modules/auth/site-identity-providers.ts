import { eq } from 'drizzle-orm';
import { siteIdentityProvider } from '../../db/schema/identity.ts';
import type { Database } from '../../platform/database.ts';

export type IdentityProviderRow = typeof siteIdentityProvider.$inferSelect;

export function createIdentityProviderRepository(db: Database) {
  return {
    forSite: (siteId: string): Promise<IdentityProviderRow[]> =>
      db.select().from(siteIdentityProvider).where(eq(siteIdentityProvider.siteId, siteId)),
  };
}
export type IdentityProviderRepository = ReturnType<typeof createIdentityProviderRepository>;
