import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ContactLinkType, ExternalServiceType } from '@portal/schema/site';
import type { SiteFeature } from '@portal/schema/features';
import { LOCALE_NAMES, type LocaleId } from '@portal/schema/locale-ids';
import type { ThemeId } from '@portal/schema/themes';
import { locale, site, siteDomain, siteExternalService, siteFeature, siteLocale, siteMetaField } from '../../db/schema/sites.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

export type StoredLink = { type: string; url: string; label: string | null; localeId: LocaleId | null };
export type StoredServices = { contactLinks: StoredLink[]; links: StoredLink[] };

/** The site's own rows as the admin area reads and writes them; every query is scoped by the site id. */
export const siteAdminRepository = {
  /** Every locale the portal ships, for an administrator to offer. */
  allLocales: async (executor: Executor) =>
    (await executor.select().from(locale).orderBy(asc(locale.id))).map((row) => ({ id: row.id, name: row.name })),

  async domains(executor: Executor, siteId: string): Promise<string[]> {
    const rows = await executor
      .select({ host: siteDomain.host })
      .from(siteDomain)
      .where(eq(siteDomain.siteId, siteId))
      .orderBy(asc(siteDomain.host));
    return rows.map(({ host }) => host);
  },

  /** The site row, locked for the rest of the transaction so two administrators' changes queue. */
  async lockSite(tx: Transaction, siteId: string) {
    const [row] = await tx.select().from(site).where(eq(site.id, siteId)).for('update');
    return row ?? null;
  },

  async site(executor: Executor, siteId: string) {
    const [row] = await executor.select().from(site).where(eq(site.id, siteId));
    return row ?? null;
  },

  async updateSite(tx: Transaction, siteId: string, values: { timezone?: string; themeId?: ThemeId }) {
    await tx
      .update(site)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(site.id, siteId));
  },

  async locales(executor: Executor, siteId: string) {
    const rows = await executor.select().from(siteLocale).where(eq(siteLocale.siteId, siteId)).orderBy(asc(siteLocale.position));
    return rows.map(({ localeId }) => ({ id: localeId, name: LOCALE_NAMES[localeId] ?? localeId }));
  },

  async setLocales(tx: Transaction, siteId: string, locales: LocaleId[], defaultLocaleId: LocaleId) {
    await tx.delete(siteLocale).where(eq(siteLocale.siteId, siteId));
    await tx.insert(siteLocale).values(locales.map((localeId, position) => ({ siteId, localeId, position })));
    await tx.update(site).set({ defaultLocaleId, updatedAt: new Date() }).where(eq(site.id, siteId));
  },

  async domainOwner(executor: Executor, host: string): Promise<string | null> {
    const [row] = await executor.select({ siteId: siteDomain.siteId }).from(siteDomain).where(eq(siteDomain.host, host));
    return row?.siteId ?? null;
  },

  async addDomain(tx: Transaction, siteId: string, host: string) {
    await tx.insert(siteDomain).values({ siteId, host });
  },

  async removeDomain(tx: Transaction, siteId: string, host: string) {
    await tx.delete(siteDomain).where(and(eq(siteDomain.siteId, siteId), eq(siteDomain.host, host)));
  },

  async metaFields(executor: Executor, siteId: string) {
    const rows = await executor
      .select()
      .from(siteMetaField)
      .where(eq(siteMetaField.siteId, siteId))
      .orderBy(asc(siteMetaField.localeId), asc(siteMetaField.name));
    return rows.map(({ name, content, localeId }) => ({ name, content, localeId }));
  },

  /** Replaces the named fields of one locale; an empty text removes the field. */
  async setMetaFields(tx: Transaction, siteId: string, localeId: LocaleId, fields: Record<string, string>) {
    const names = Object.keys(fields);
    await tx
      .delete(siteMetaField)
      .where(and(eq(siteMetaField.siteId, siteId), eq(siteMetaField.localeId, localeId), inArray(siteMetaField.name, names)));
    const rows = Object.entries(fields)
      .filter(([, content]) => content !== '')
      .map(([name, content]) => ({ siteId, localeId, name, content }));
    if (rows.length > 0) await tx.insert(siteMetaField).values(rows);
  },

  async features(executor: Executor, siteId: string): Promise<SiteFeature[]> {
    const rows = await executor.select().from(siteFeature).where(eq(siteFeature.siteId, siteId)).orderBy(asc(siteFeature.feature));
    return rows.map(({ feature }) => feature);
  },

  /** Sets which of `switchable` the site offers; flags outside it (not yet built) stay as they are. */
  async setFeatures(tx: Transaction, siteId: string, switchable: SiteFeature[], on: SiteFeature[]) {
    await tx.delete(siteFeature).where(and(eq(siteFeature.siteId, siteId), inArray(siteFeature.feature, switchable)));
    if (on.length > 0) await tx.insert(siteFeature).values(on.map((feature) => ({ siteId, feature })));
  },

  async services(executor: Executor, siteId: string): Promise<StoredServices> {
    const rows = await executor
      .select()
      .from(siteExternalService)
      .where(eq(siteExternalService.siteId, siteId))
      .orderBy(asc(siteExternalService.position), asc(siteExternalService.id));
    const toLink = (row: (typeof rows)[number]): StoredLink => ({
      type: row.type,
      url: row.url,
      label: row.label,
      localeId: row.localeId,
    });
    return {
      contactLinks: rows.filter((row) => row.placement === 'contact').map(toLink),
      links: rows.filter((row) => row.placement === 'link').map(toLink),
    };
  },

  async setServices(
    tx: Transaction,
    siteId: string,
    contactLinks: (StoredLink & { type: ContactLinkType })[],
    links: (StoredLink & { type: ExternalServiceType })[],
  ) {
    await tx.delete(siteExternalService).where(eq(siteExternalService.siteId, siteId));
    const rows = [
      ...contactLinks.map((link, position) => ({ siteId, placement: 'contact' as const, position, ...link })),
      ...links.map((link, position) => ({ siteId, placement: 'link' as const, position, ...link })),
    ];
    if (rows.length > 0) await tx.insert(siteExternalService).values(rows);
  },
};
