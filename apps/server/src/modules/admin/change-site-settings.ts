import type {
  AdminSiteSettings,
  ExternalServicesUpdateRequest,
  FeaturesUpdateRequest,
  MetaFieldsUpdateRequest,
  SiteLocalesUpdateRequest,
  SiteUpdateRequest,
} from '@portal/schema/admin';
import { RELEASED_FEATURES, SITE_FEATURES, type SiteFeature } from '@portal/schema/features';
import type { LocaleId } from '@portal/schema/locale-ids';
import { auditAdminChange, type AdminChange } from '../../platform/admin-audit.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { rebuildSiteDayRollups } from '../readings/reading-rollups.ts';
import { siteAdminRepository, type StoredLink } from './site-admin-repository.ts';

type Deps = { db: Database };

/** The flags an administrator may switch: the spec's flags this release has built (decision 003). */
export const SWITCHABLE_FEATURES: SiteFeature[] = SITE_FEATURES.filter((feature) => RELEASED_FEATURES.has(feature));

const META_NAMES = { title: 'TITLE', description: 'DESCRIPTION' } as const;

/** Every editable setting of the site, read from the tables (the shell's copy may be a minute old on another copy). */
export async function readSiteSettings({ db }: Deps, siteId: string, executor: Executor = db): Promise<AdminSiteSettings> {
  const row = await siteAdminRepository.site(executor, siteId);
  if (!row) throw new AppError('UNKNOWN_SITE', 'No such site');
  const [locales, domains, features, metaFields, services] = await Promise.all([
    siteAdminRepository.locales(executor, siteId),
    siteAdminRepository.domains(executor, siteId),
    siteAdminRepository.features(executor, siteId),
    siteAdminRepository.metaFields(executor, siteId),
    siteAdminRepository.services(executor, siteId),
  ]);
  return {
    id: row.id,
    companyName: row.companyName,
    timezone: row.timezone,
    themeId: row.themeId,
    defaultLocaleId: row.defaultLocaleId,
    locales,
    domains,
    features: features.filter((feature) => RELEASED_FEATURES.has(feature)),
    offeredFeatures: SWITCHABLE_FEATURES,
    metaFields,
    contactLinks: services.contactLinks as AdminSiteSettings['contactLinks'],
    links: services.links as AdminSiteSettings['links'],
  };
}

/** PATCH /api/admin/site/{siteId}: timezone (spec §7) and theme. */
export async function updateSite(deps: Deps, change: AdminChange, update: SiteUpdateRequest): Promise<AdminSiteSettings> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const row = await siteAdminRepository.lockSite(tx, siteId);
    if (!row) throw new AppError('UNKNOWN_SITE', 'No such site');
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    if (update.timezone !== undefined && update.timezone !== row.timezone) {
      before.timezone = row.timezone;
      after.timezone = update.timezone;
    }
    if (update.themeId !== undefined && update.themeId !== row.themeId) {
      before.themeId = row.themeId;
      after.themeId = update.themeId;
    }
    if (Object.keys(after).length > 0) {
      await siteAdminRepository.updateSite(tx, siteId, after);
      // Days and months of readings are kept on the site's clock (decision 081): they move with it, in this transaction.
      if (after.timezone) await rebuildSiteDayRollups(tx, siteId);
      await auditAdminChange(tx, change, 'site updated', { before, after });
    }
    return readSiteSettings(deps, siteId, tx);
  });
}

/** PUT /api/admin/site/{siteId}/locales: the languages in order and the default among them (checked by the schema). */
export async function updateSiteLocales(deps: Deps, change: AdminChange, update: SiteLocalesUpdateRequest) {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const row = await siteAdminRepository.lockSite(tx, siteId);
    if (!row) throw new AppError('UNKNOWN_SITE', 'No such site');
    const locales = await siteAdminRepository.locales(tx, siteId);
    const before = { locales: locales.map(({ id }) => id), defaultLocaleId: row.defaultLocaleId };
    await siteAdminRepository.setLocales(tx, siteId, update.locales, update.defaultLocaleId);
    await auditAdminChange(tx, change, 'site locales changed', { before, after: update });
    return siteAdminRepository.locales(tx, siteId);
  });
}

/** A host serves one site only; the checks run under the site's lock so two administrators cannot race. */
export async function addDomain(deps: Deps, change: AdminChange, host: string): Promise<string[]> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    await siteAdminRepository.lockSite(tx, siteId);
    const owner = await siteAdminRepository.domainOwner(tx, host);
    if (owner === siteId) return siteAdminRepository.domains(tx, siteId);
    if (owner) throw new AppError('DOMAIN_TAKEN', `${host} already serves another site`);
    const before = await siteAdminRepository.domains(tx, siteId);
    await siteAdminRepository.addDomain(tx, siteId, host);
    const after = await siteAdminRepository.domains(tx, siteId);
    await auditAdminChange(tx, change, 'site domain added', { before: { domains: before }, after: { domains: after }, details: host });
    return after;
  });
}

/**
 * Removing a host: never the last one (the site would be unreachable), and never the one this administrator is
 * using now, the site's primary address for them (decision 070): they would cut the branch they sit on.
 */
export async function removeDomain(deps: Deps, change: AdminChange, host: string, requestHost: string): Promise<string[]> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    await siteAdminRepository.lockSite(tx, siteId);
    const before = await siteAdminRepository.domains(tx, siteId);
    if (!before.includes(host)) throw new AppError('DOMAIN_NOT_FOUND', `${host} does not serve this site`);
    if (before.length === 1) throw new AppError('DOMAIN_LAST', 'A site needs at least one address');
    if (host === requestHost.toLowerCase())
      throw new AppError('DOMAIN_IN_USE', 'You are using this address now; remove it from another one');
    await siteAdminRepository.removeDomain(tx, siteId, host);
    const after = await siteAdminRepository.domains(tx, siteId);
    await auditAdminChange(tx, change, 'site domain removed', { before: { domains: before }, after: { domains: after }, details: host });
    return after;
  });
}

/** PUT .../meta-fields: the page title (spec §2: "page title - site title") and description of one site locale. */
export async function updateMetaFields(deps: Deps, change: AdminChange, update: MetaFieldsUpdateRequest): Promise<AdminSiteSettings> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    await siteAdminRepository.lockSite(tx, siteId);
    const offered = (await siteAdminRepository.locales(tx, siteId)).map(({ id }) => id);
    if (!offered.includes(update.localeId)) {
      throw new AppError('SITE_LOCALE_REQUIRED', `${update.localeId} is not one of the site's languages`);
    }
    const current = (await siteAdminRepository.metaFields(tx, siteId)).filter(({ localeId }) => localeId === update.localeId);
    const valueOf = (name: string) => current.find((field) => field.name === name)?.content ?? '';
    const fields = { [META_NAMES.title]: update.title, [META_NAMES.description]: update.description };
    const before = Object.fromEntries(Object.keys(fields).map((name) => [name, valueOf(name)]));
    await siteAdminRepository.setMetaFields(tx, siteId, update.localeId, fields);
    await auditAdminChange(tx, change, 'site meta fields changed', { before, after: fields, details: update.localeId });
    return readSiteSettings(deps, siteId, tx);
  });
}

/** PUT .../features: only released flags may be switched (an unbuilt feature cannot be promised to customers). */
export async function updateFeatures(deps: Deps, change: AdminChange, update: FeaturesUpdateRequest): Promise<AdminSiteSettings> {
  const siteId = change.actor.siteId;
  const unreleased = update.features.filter((feature) => !RELEASED_FEATURES.has(feature));
  if (unreleased.length > 0) throw new AppError('FEATURE_NOT_RELEASED', `Not offered in this release: ${unreleased.join(', ')}`);
  const on = [...new Set(update.features)].sort();
  return deps.db.transaction(async (tx) => {
    await siteAdminRepository.lockSite(tx, siteId);
    const before = (await siteAdminRepository.features(tx, siteId)).filter((feature) => RELEASED_FEATURES.has(feature));
    await siteAdminRepository.setFeatures(tx, siteId, SWITCHABLE_FEATURES, on);
    await auditAdminChange(tx, change, 'site features changed', {
      before: { features: before },
      after: { features: on },
      details: describeSwitch(before, on),
    });
    return readSiteSettings(deps, siteId, tx);
  });
}

function describeSwitch(before: SiteFeature[], after: SiteFeature[]) {
  const added = after.filter((feature) => !before.includes(feature)).map((feature) => `+${feature}`);
  const removed = before.filter((feature) => !after.includes(feature)).map((feature) => `-${feature}`);
  return [...added, ...removed].join(' ') || 'no change';
}

/** PUT .../external-services: the footer's contact row and link row, replaced as a whole in the given order. */
export async function updateExternalServices(
  deps: Deps,
  change: AdminChange,
  update: ExternalServicesUpdateRequest,
): Promise<AdminSiteSettings> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    await siteAdminRepository.lockSite(tx, siteId);
    const offered = (await siteAdminRepository.locales(tx, siteId)).map(({ id }) => id);
    const foreign = [...update.contactLinks, ...update.links].find((link) => link.localeId && !offered.includes(link.localeId));
    if (foreign) throw new AppError('SITE_LOCALE_REQUIRED', `${foreign.localeId as LocaleId} is not one of the site's languages`);
    const before = await siteAdminRepository.services(tx, siteId);
    const clean = (link: StoredLink) => ({ ...link, label: link.label || null });
    const contactLinks = update.contactLinks.map((link) => ({ ...clean(link), type: link.type }));
    const links = update.links.map((link) => ({ ...clean(link), type: link.type }));
    await siteAdminRepository.setServices(tx, siteId, contactLinks, links);
    await auditAdminChange(tx, change, 'site links changed', { before, after: { contactLinks, links } });
    return readSiteSettings(deps, siteId, tx);
  });
}
