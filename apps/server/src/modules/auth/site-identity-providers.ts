import { eq } from 'drizzle-orm';
import { siteIdentityProvider } from '../../db/schema/identity.ts';
import type { Executor } from '../../platform/database.ts';

export type IdentityProviderRow = typeof siteIdentityProvider.$inferSelect;

/** The e-ID brokers a site signs people in with (its issuers and clients). */
export const identityProviderRepository = {
  forSite: (executor: Executor, siteId: string): Promise<IdentityProviderRow[]> =>
    executor.select().from(siteIdentityProvider).where(eq(siteIdentityProvider.siteId, siteId)),
};
