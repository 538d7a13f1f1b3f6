import { createHash } from 'node:crypto';
import { bundleFor } from '@portal/locales/bundles';
import { compileBundle } from '@portal/locales/compiled-bundle';
import { PSEUDO_LOCALE, type BundleLocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import type { TranslationBundle, TranslationForm, TranslationSet } from '@portal/schema/translations';
import { AppError } from '../../platform/errors.ts';
import { KeptAnswer } from '../../platform/kept-answer.ts';
import type { Executor } from '../../platform/database.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { translationRepository } from './translation-repository.ts';

/** A site's texts for one locale and set, with the version that names them and their answer, encoded once. */
export type SiteTexts = {
  bundle: TranslationBundle;
  /** Changes with any text: pages fetch `/api/translations/…?v=version`, kept by browsers for good (decision 092). */
  version: string;
  answer: KeptAnswer;
  /** The same texts in the `compiled` form browsers take (decision 105), parsed at the first asking. */
  compiledAnswer: () => KeptAnswer;
};

/**
 * Texts merged before, by site, locale and set, with the overrides they were merged with: every page needs its
 * bundle (thousands of texts), and the overrides seldom change. The same object comes back while they do not.
 * Bounded by the sites' locales and the two sets (no route deletes a site).
 */
const merged = new Map<string, { overrides: string; texts: SiteTexts }>();

/** Where the overrides come from: the database, through the copy's site cache, which keeps them with their site. */
export type TextsSource = { db: Executor; sites: Pick<SiteCache, 'keptForSite'> };

/**
 * A site's texts for one locale: the shipped translations with the site admin's overrides on top. Not to be changed.
 * The overrides are kept with the site (every page and texts call needed them, decision 134): a page load reads none.
 */
export async function siteTexts(
  { db, sites }: TextsSource,
  site: SiteBootstrap,
  locale: BundleLocaleId,
  set: TranslationSet,
): Promise<SiteTexts> {
  if (locale !== PSEUDO_LOCALE && !site.locales.some(({ id }) => id === locale)) {
    throw new AppError('LOCALE_NOT_OFFERED', `This site is not offered in ${locale}`);
  }
  // The pseudo-locale is the shipped texts made long and marked, never overridden.
  const overrides =
    locale === PSEUDO_LOCALE
      ? {}
      : await sites.keptForSite(site.id, `overrides\u0000${locale}\u0000${set}`, () =>
          translationRepository.overridesFor(db, site.id, locale, set),
        );
  const key = `${site.id}\u0000${locale}\u0000${set}`;
  const signature = JSON.stringify(overrides);
  const kept = merged.get(key);
  if (kept?.overrides === signature) return kept.texts;
  const bundle = Object.freeze({ ...bundleFor(set, locale), ...overrides });
  const text = JSON.stringify(bundle);
  const version = createHash('sha256').update(text).digest('base64url').slice(0, 16);
  let compiled: KeptAnswer | undefined;
  const compiledAnswer = () => (compiled ??= new KeptAnswer(JSON.stringify(compileBundle(bundle, locale))));
  const texts = { bundle, version, answer: new KeptAnswer(text), compiledAnswer };
  merged.set(key, { overrides: signature, texts });
  return texts;
}

/** Where a page fetches its texts: a versioned address, the same for every page until a text changes. */
export const siteTextsUrl = (locale: BundleLocaleId, set: TranslationSet, version: string, form: TranslationForm) =>
  `/api/translations/${locale}?set=${set}&v=${version}${form === 'compiled' ? '&form=compiled' : ''}`;
