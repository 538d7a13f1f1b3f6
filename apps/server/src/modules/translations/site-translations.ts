import { bundleFor } from '@portal/locales/bundles';
import { PSEUDO_LOCALE, type BundleLocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import type { TranslationBundle, TranslationSet } from '@portal/schema/translations';
import { AppError } from '../../platform/errors.ts';
import type { TranslationRepository } from './translation-repository.ts';

/** A site's bundle for one locale: the shipped translations with the site admin's overrides on top. */
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
  return { ...bundleFor(set, locale), ...overrides };
}
