import { bundleFor } from '@portal/locales/bundles';
import { PSEUDO_LOCALE, type BundleLocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import type { TranslationBundle, TranslationSet } from '@portal/schema/translations';
import { AppError } from '../../platform/errors.ts';
import type { TranslationRepository } from './translation-repository.ts';

/**
 * Bundles merged before, by site, locale and set, with the overrides they were merged with: every page carries its
 * bundle (thousands of texts), and the overrides, read on every call, seldom change. The same object comes back
 * while they do not, so what is derived from it (the page's embedded JSON) is kept with it. Bounded by the sites'
 * locales and the two sets.
 */
const merged = new Map<string, { overrides: string; bundle: TranslationBundle }>();

/** A site's bundle for one locale: the shipped translations with the site admin's overrides on top. Not to be changed. */
export async function siteTranslations(
  translations: TranslationRepository,
  site: SiteBootstrap,
  locale: BundleLocaleId,
  set: TranslationSet,
): Promise<TranslationBundle> {
  if (locale === PSEUDO_LOCALE) return bundleFor(set, locale);
  if (!site.locales.some(({ id }) => id === locale)) {
    throw new AppError('LOCALE_NOT_OFFERED', `This site is not offered in ${locale}`);
  }
  const overrides = await translations.overridesFor(site.id, locale, set);
  const key = `${site.id}\u0000${locale}\u0000${set}`;
  const signature = JSON.stringify(overrides);
  const kept = merged.get(key);
  if (kept?.overrides === signature) return kept.bundle;
  const bundle = Object.freeze({ ...bundleFor(set, locale), ...overrides });
  merged.set(key, { overrides: signature, bundle });
  return bundle;
}
