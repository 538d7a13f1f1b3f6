/**
 * The six interface locales of spec §1 and the `dev` pseudo-locale, as plain constants:
 * the web bundle imports these without pulling in zod.
 */
export const LOCALE_IDS = ['en-GB', 'et-EE', 'fi-FI', 'lv-LV', 'ru-RU', 'sv-FI'] as const;
export type LocaleId = (typeof LOCALE_IDS)[number];

export const PSEUDO_LOCALE = 'dev' as const;
export type BundleLocaleId = LocaleId | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: LocaleId = 'en-GB';

/** Spec §9: two-letter language to full locale. */
export const LOCALE_MAP: Record<string, LocaleId> = {
  et: 'et-EE',
  en: 'en-GB',
  fi: 'fi-FI',
  sv: 'sv-FI',
  ru: 'ru-RU',
  lv: 'lv-LV',
};

/** Names of the locales in their own language, as the language switcher shows them. */
export const LOCALE_NAMES: Record<LocaleId, string> = {
  'en-GB': 'English',
  'et-EE': 'Eesti',
  'fi-FI': 'Suomi',
  'lv-LV': 'Latviešu',
  'ru-RU': 'Русский',
  'sv-FI': 'Svenska',
};

/** Resolves "fi", "fi-FI" or "FI-fi" to a supported locale, or undefined. */
export function toLocaleId(value: string | undefined | null): LocaleId | undefined {
  if (!value) return undefined;
  const exact = LOCALE_IDS.find((id) => id.toLowerCase() === value.toLowerCase());
  return exact ?? LOCALE_MAP[value.slice(0, 2).toLowerCase()];
}

/** The two-letter language of a locale: the date locale and the html lang attribute (the pseudo-locale is English). */
export function languageOf(locale: BundleLocaleId): string {
  return locale === PSEUDO_LOCALE ? 'en' : locale.slice(0, 2);
}
