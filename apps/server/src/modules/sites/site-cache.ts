import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { RELEASED_FEATURES } from '@portal/schema/features';
import { LOCALE_NAMES } from '@portal/schema/locale-ids';
import { siteBootstrap, type SiteBootstrap, type SiteLink } from '@portal/schema/site';
import {
  site,
  siteDomain,
  type siteExternalService,
  type siteFeature,
  type siteLocale,
  type siteMetaField,
} from '../../db/schema/sites.ts';
import { createChangeChannel } from '../../platform/change-channel.ts';
import type { Database, DatabaseHandle } from '../../platform/database.ts';
import { createSingleFlight } from '../../platform/single-flight.ts';

/**
 * The sites every request needs, kept by this server copy: a cache with its own state and lifecycle (a change
 * channel, start and stop), built once in app.ts; not a repository (decision 020). Sites change only through the
 * admin area. Without a channel (seeds, commands) a site is kept for a few seconds; with one, every write to a site's
 * rows NOTIFYs `site_changed` (migration 0024) and every server copy drops that site at once, so an admin's change
 * holds on the next page load everywhere (docs/decisions/071). While the channel is not heard, nothing is kept.
 */
const shortMillis = 5_000;
const heardMillis = 60_000;
export const SITE_CHANGED_CHANNEL = 'site_changed';

export type SiteCache = ReturnType<typeof createSiteCache>;

type SiteCacheOptions = { changes?: Pick<DatabaseHandle, 'db' | 'listen'>; now?: () => number; onLost?: (error: Error) => void };

export function createSiteCache(db: Database, { changes, now = () => Date.now(), onLost }: SiteCacheOptions = {}) {
  const byId = new Map<string, { value: SiteBootstrap | null; expires: number }>();
  const byHost = new Map<string, { value: string | null; expires: number }>();
  /** Reads about one site kept beside it (its texts' overrides), dropped with it. */
  const bySite = new Map<string, Map<string, { value: unknown; expires: number }>>();
  const clear = () => {
    byId.clear();
    byHost.clear();
    bySite.clear();
  };
  /** The entry kept for `key` while it is fresh; undefined when there is none. */
  const kept = <T>(map: Map<string, { value: T; expires: number }>, key: string): { value: T } | undefined => {
    const entry = map.get(key);
    return entry && entry.expires > now() ? entry : undefined;
  };
  const channel = changes
    ? createChangeChannel({
        database: changes,
        channel: SITE_CHANGED_CHANNEL,
        onLost,
        onChange: (siteId) => {
          byId.delete(siteId);
          bySite.delete(siteId);
          // A domain may have moved to or from this site: host look-ups are cheap to redo.
          byHost.clear();
        },
        onReset: clear,
      })
    : null;
  /** One read of a site (one statement) in flight for the calls of a page load (platform/single-flight.ts). */
  const withoutChannel = createSingleFlight();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => (channel ? channel.shared(key, read) : withoutChannel(key, read));
  /** How long a read may be kept, or 0: with a channel only while it is heard and nothing changed during the read. */
  const keepFor = (changesBefore: number) => {
    if (!channel) return shortMillis;
    return channel.listening && channel.changes === changesBefore ? heardMillis : 0;
  };

  /**
   * The site `which` names with its locales, features, meta fields and links in one statement: each page load after
   * expiry pays it. A host's site comes in the same statement as the host's look-up (decision 118, 2026-12-02).
   */
  async function load(which: SQL): Promise<SiteBootstrap | null> {
    const [row] = await db
      .select({
        ...getTableColumns(site),
        // Columns named in full: drizzle leaves a one-table select's columns unqualified, and `id` would be the link's own.
        locales: sql<Pick<typeof siteLocale.$inferSelect, 'localeId'>[]>`coalesce((
          select json_agg(json_build_object('localeId', site_locale.locale_id) order by site_locale.position)
          from site_locale where site_locale.site_id = site.id), '[]')`,
        features: sql<Pick<typeof siteFeature.$inferSelect, 'feature'>[]>`coalesce((
          select json_agg(json_build_object('feature', site_feature.feature) order by site_feature.feature)
          from site_feature where site_feature.site_id = site.id), '[]')`,
        metaFields: sql<Pick<typeof siteMetaField.$inferSelect, 'name' | 'content' | 'localeId'>[]>`coalesce((
          select json_agg(json_build_object('name', site_meta_field.name, 'content', site_meta_field.content, 'localeId', site_meta_field.locale_id))
          from site_meta_field where site_meta_field.site_id = site.id), '[]')`,
        services: sql<Pick<typeof siteExternalService.$inferSelect, 'type' | 'label' | 'url' | 'localeId' | 'placement'>[]>`coalesce((
          select json_agg(json_build_object('type', service.type, 'label', service.label, 'url', service.url, 'localeId', service.locale_id,
            'placement', service.placement) order by service.position, service.id)
          from site_external_service service where service.site_id = site.id), '[]')`,
      })
      .from(site)
      .where(which);
    if (!row) return null;
    const { locales, features, metaFields, services } = row;
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
      const cached = kept(byId, siteId);
      if (cached) return cached.value;
      return once(`id:${siteId}`, async () => {
        const before = channel?.changes ?? 0;
        const value = await load(eq(site.id, siteId));
        const keep = keepFor(before);
        if (keep > 0) byId.set(siteId, { value, expires: now() + keep });
        return value;
      });
    },
    /** The site kept for this host, while it is fresh: the request path's answer without a turn of the queue. */
    keptByHost(host: string): SiteBootstrap | null | undefined {
      const keptHost = kept(byHost, host);
      if (!keptHost) return undefined;
      if (keptHost.value === null) return null;
      return kept(byId, keptHost.value)?.value;
    },
    /**
     * The site served at `host`, or the `fallbackId` site (the default site) for a host no site claims, in one
     * statement either way (issue 30: a request read the site record twice for an unknown host). The host is kept
     * with the site it resolved to; a change to any site's rows drops every host, since a domain may have moved.
     */
    async findByHost(host: string, fallbackId: string | null = null): Promise<SiteBootstrap | null> {
      const cached = kept(byHost, host);
      if (cached) return cached.value ? this.findById(cached.value) : null;
      return once(`host:${host}\u0000${fallbackId ?? ''}`, async () => {
        const before = channel?.changes ?? 0;
        const claimed = sql`(select ${siteDomain.siteId} from ${siteDomain} where ${siteDomain.host} = ${host})`;
        const value = await load(sql`${site.id} = ${fallbackId === null ? claimed : sql`coalesce(${claimed}, ${fallbackId})`}`);
        const keep = keepFor(before);
        if (keep > 0) {
          byHost.set(host, { value: value?.id ?? null, expires: now() + keep });
          if (value) byId.set(value.id, { value, expires: now() + keep });
        }
        return value;
      });
    },
    /**
     * A read about one site kept by the rules the site itself is kept by: dropped when any of the site's rows changes
     * (translation overrides announce their site too, migration 0041), a few seconds without a channel, not kept while
     * changes are unheard or when one was heard during the read; calls at once share one read. `key` names the read
     * within the site; the site's reads are bounded by what its callers ask (locales × sets for the texts).
     */
    async keptForSite<T>(siteId: string, key: string, read: () => Promise<T>): Promise<T> {
      const reads = bySite.get(siteId);
      const cached = reads && kept(reads, key);
      if (cached) return cached.value as T;
      return once(`read:${siteId}\u0000${key}`, async () => {
        const before = channel?.changes ?? 0;
        const value = await read();
        const keep = keepFor(before);
        if (keep > 0) (bySite.get(siteId) ?? bySite.set(siteId, new Map()).get(siteId)!).set(key, { value, expires: now() + keep });
        return value;
      });
    },
    /** Drops cached copies after a change made through this server copy. */
    forget(siteId: string) {
      byId.delete(siteId);
      bySite.delete(siteId);
      byHost.clear();
    },
    /** Starts hearing `site_changed` (no-op without a channel). */
    start: async () => channel?.start(),
    stop: async () => channel?.stop(),
    /** Resolves once this copy has heard every site change committed before the call (after an admin's write). */
    caughtUp: async () => channel?.caughtUp(),
  };
}
