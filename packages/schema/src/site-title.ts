import type { BundleLocaleId } from './locale-ids.ts';
import type { SiteBootstrap } from './site.ts';

/** Spec §2: the site title is the TITLE meta field for the locale, falling back to the company name. */
export function siteTitleFor(site: SiteBootstrap, locale: BundleLocaleId): string {
  const title = site.metaFields.find((field) => field.localeId === locale && field.name.toUpperCase() === 'TITLE');
  return title?.content ?? site.companyName;
}

/** "page title - site title", or only the site title when the page has none. */
export function documentTitle(pageTitle: string | null | undefined, siteTitle: string): string {
  return pageTitle ? `${pageTitle} - ${siteTitle}` : siteTitle;
}
