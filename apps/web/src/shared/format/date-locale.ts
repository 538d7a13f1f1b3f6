import { languageOf, type BundleLocaleId } from '@portal/schema/locale-ids';

/**
 * Spec §2 screen 6: the date locale is the locale's first two letters, as dayjs names it; English is British
 * English, whose weeks start on Monday as spec §9 asks.
 */
export function dateLocaleOf(locale: BundleLocaleId): string {
  const language = languageOf(locale);
  return language === 'en' ? 'en-gb' : language;
}
