import { asc, eq } from 'drizzle-orm';
import { locale, siteDomain } from '../../db/schema/sites.ts';
import type { Database } from '../../platform/database.ts';

export function createSiteAdminRepository(db: Database) {
  return {
    allLocales: async () => (await db.select().from(locale).orderBy(asc(locale.id))).map((row) => ({ id: row.id, name: row.name })),
    domains: async (siteId: string) =>
      (await db.select({ host: siteDomain.host }).from(siteDomain).where(eq(siteDomain.siteId, siteId)).orderBy(asc(siteDomain.host))).map(
        ({ host }) => host,
      ),
  };
}
export type SiteAdminRepository = ReturnType<typeof createSiteAdminRepository>;
