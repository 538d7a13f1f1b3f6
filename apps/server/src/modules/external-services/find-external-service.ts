import type { LocaleId } from '@portal/schema/locale-ids';
import type { ExternalServiceType, SiteBootstrap } from '@portal/schema/site';

/** The locale's own link wins over the site-wide one, so a privacy policy can exist per language. */
export function findExternalService(site: SiteBootstrap, type: ExternalServiceType, locale: LocaleId) {
  const candidates = site.links.filter((link) => link.type === type);
  const link = candidates.find((candidate) => candidate.localeId === locale) ?? candidates.find((candidate) => !candidate.localeId);
  return link ? { type, url: link.url, localeId: link.localeId } : null;
}
