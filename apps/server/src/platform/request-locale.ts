import type { FastifyRequest } from 'fastify';
import { PSEUDO_LOCALE, toLocaleId, type BundleLocaleId, type LocaleId } from '@portal/schema/locales';

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
 * The locale a request is served in: the locale cookie when the site offers it, else the best
 * Accept-Language match among the site's locales, else the site's default.
 */
export function requestLocale(request: FastifyRequest): LocaleId {
  const offered = new Set(request.site.locales.map(({ id }) => id));
  const fromCookie = toLocaleId(request.cookies[LOCALE_COOKIE]);
  if (fromCookie && offered.has(fromCookie)) return fromCookie;
  for (const language of acceptedLanguages(request.headers['accept-language'])) {
    const candidate = toLocaleId(language);
    if (candidate && offered.has(candidate)) return candidate;
  }
  return request.site.defaultLocaleId;
}

function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag: tag.trim(), quality: quality ? Number(quality.slice(2)) || 0 : 1 };
    })
    .filter(({ tag, quality }) => tag && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map(({ tag }) => tag);
}
