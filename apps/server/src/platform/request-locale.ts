import type { FastifyRequest } from 'fastify';
import { PSEUDO_LOCALE, toLocaleId, type BundleLocaleId, type LocaleId } from '@portal/schema/locale-ids';

export const LOCALE_COOKIE = 'NEXT_LOCALE';

/**
 * The locale a page is painted in: as requestLocale, except that a developer who set the locale cookie
 * to `dev` sees the pseudo-locale (docs/decisions/007-dev-pseudo-locale.md).
 */
export function pageLocale(request: FastifyRequest): BundleLocaleId {
  if (request.cookies[LOCALE_COOKIE] === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return requestLocale(request);
}

/**
 * The language of a document made for the acting person (invoice PDF, contract, mail): the language they chose
 * in their profile when the site offers it, else the page's.
 */
export function personLocale(request: FastifyRequest): LocaleId {
  const preferred = toLocaleId(request.actor?.person.preferredLocale);
  if (preferred && request.site.locales.some(({ id }) => id === preferred)) return preferred;
  return requestLocale(request);
}

/**
 * The locale a request is served in: the locale cookie when the site offers it, else the site's default.
 * The browser's language is not consulted: a utility decides the language its customers first meet
 * (docs/decisions/001-locale-in-cookie.md).
 */
export function requestLocale(request: FastifyRequest): LocaleId {
  const fromCookie = toLocaleId(request.cookies[LOCALE_COOKIE]);
  if (fromCookie && request.site.locales.some(({ id }) => id === fromCookie)) return fromCookie;
  return request.site.defaultLocaleId;
}
