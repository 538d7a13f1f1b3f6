import { asc, eq } from 'drizzle-orm';
import { RELEASED_FEATURES } from '@portal/schema/features';
import { LOCALE_NAMES } from '@portal/schema/locale-ids';
import { siteBootstrap, type SiteBootstrap, type SiteLink } from '@portal/schema/site';
import { site, siteDomain, siteExternalService, siteFeature, siteLocale, siteMetaField } from '../../db/schema/sites.ts';
import type { Database } from '../../platform/database.ts';

/**
 * Sites change only through the admin area, yet every request needs one: keep each for a few seconds
 * per server copy, so an admin's change shows everywhere within that time without a shared cache.
 */
const cacheMillis = 5_000;

export type SiteRepository = ReturnType<typeof createSiteRepository>;

export function createSiteRepository(db: Database, now: () => number = () => Date.now()) {
  const byId = new Map<string, { value: SiteBootstrap | null; expires: number }>();
  const byHost = new Map<string, { value: string | null; expires: number }>();

  async function load(siteId: string): Promise<SiteBootstrap | null> {
    const [row] = await db.select().from(site).where(eq(site.id, siteId));
    if (!row) return null;
    const [locales, features, metaFields, services] = await Promise.all([
      db.select().from(siteLocale).where(eq(siteLocale.siteId, siteId)).orderBy(asc(siteLocale.position)),
      db.select().from(siteFeature).where(eq(siteFeature.siteId, siteId)).orderBy(asc(siteFeature.feature)),
      db.select().from(siteMetaField).where(eq(siteMetaField.siteId, siteId)),
      db
        .select()
        .from(siteExternalService)
        .where(eq(siteExternalService.siteId, siteId))
        .orderBy(asc(siteExternalService.position), asc(siteExternalService.id)),
    ]);
    const toLink = (service: (typeof services)[number]): SiteLink => ({
      type: service.type,
      label: service.label ?? service.url,
      url: service.url,
      localeId: service.localeId ?? null,
    });
    // Parsing guards the shell against a row an admin tool wrote wrong (unknown feature or theme).
    return siteBootstrap.parse({
      id: row.id,
      companyName: row.companyName,
      timezone: row.timezone,
      countryCode: row.countryCode,
      defaultLocaleId: row.defaultLocaleId,
      locales: locales.map(({ localeId }) => ({ id: localeId, name: LOCALE_NAMES[localeId] ?? localeId })),
      features: features.map(({ feature }) => feature).filter((feature) => RELEASED_FEATURES.has(feature)),
      metaFields: metaFields.map(({ name, content, localeId }) => ({ name, content, localeId })),
      themeId: row.themeId,
      gaMeasurementId: row.gaMeasurementId,
      cookiebotId: row.cookiebotId,
      gtmId: row.gtmId,
      piwikProId: row.piwikProId,
      piwikProUrl: row.piwikProUrl,
      contactLinks: services.filter((service) => service.placement === 'contact').map(toLink),
      links: services.filter((service) => service.placement === 'link').map(toLink),
    });
  }

  return {
    async findById(siteId: string): Promise<SiteBootstrap | null> {
      const cached = byId.get(siteId);
      if (cached && cached.expires > now()) return cached.value;
      const value = await load(siteId);
      byId.set(siteId, { value, expires: now() + cacheMillis });
      return value;
    },
    async findByHost(host: string): Promise<SiteBootstrap | null> {
      const cached = byHost.get(host);
      let siteId: string | null;
      if (cached && cached.expires > now()) siteId = cached.value;
      else {
        const [row] = await db.select({ siteId: siteDomain.siteId }).from(siteDomain).where(eq(siteDomain.host, host));
        siteId = row?.siteId ?? null;
        byHost.set(host, { value: siteId, expires: now() + cacheMillis });
      }
      return siteId ? this.findById(siteId) : null;
    },
    /** Drops cached copies after a change made through this server copy. */
    forget(siteId: string) {
      byId.delete(siteId);
    },
  };
}
