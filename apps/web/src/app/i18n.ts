import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { languageOf, type BundleLocaleId, type LocaleId } from '@portal/schema/locale-ids';
import type { TranslationBundle } from '@portal/schema/translations';
import { api } from '../shared/api/api-client.ts';
import { sendClientLog } from '../shared/api/client-log.ts';
import { dateLocaleOf } from '../shared/format/date-locale.ts';

/**
 * i18next over the server's bundles (so a site admin's overrides apply), with ICU messages
 * and flat dotted keys. A key missing from a bundle is reported once to the client log (spec §8).
 */
export async function createI18n(locale: BundleLocaleId, translations: TranslationBundle): Promise<I18n> {
  const instance = i18next.createInstance();
  const reported = new Set<string>();
  await instance
    .use(serverBundles)
    .use(ICU)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      load: 'currentOnly',
      partialBundledLanguages: true,
      resources: { [locale]: { translation: translations } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (languages, _namespace, key) => {
        const id = `${languages.join(',')}:${key}`;
        if (reported.has(id)) return;
        reported.add(id);
        void sendClientLog({ level: 'warn', message: `Missing translation: ${key}`, payload: { key, languages } });
      },
    });
  await applyDateLocale(locale);
  return instance;
}

/** Other locales' bundles come from the API through the one API client. */
const serverBundles: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    api<TranslationBundle>(`/api/translations/${language}`).then(
      (bundle) => callback(null, bundle),
      (error: Error) => callback(error, false),
    );
  },
};

/** Switches the interface and date language (language switcher, screen 6); the bundle loads once. */
export async function switchLanguage(instance: I18n, locale: LocaleId): Promise<void> {
  await instance.changeLanguage(locale);
  await applyDateLocale(locale);
}

/** dayjs's locale files, one chunk each: a page loads only the language it shows. */
const dateLocales: Record<string, () => Promise<unknown>> = {
  en: () => import('dayjs/locale/en-gb'),
  et: () => import('dayjs/locale/et'),
  fi: () => import('dayjs/locale/fi'),
  lv: () => import('dayjs/locale/lv'),
  ru: () => import('dayjs/locale/ru'),
  sv: () => import('dayjs/locale/sv'),
};

/** Spec §2 screen 6: the date language follows the interface language. */
async function applyDateLocale(locale: BundleLocaleId) {
  const language = languageOf(locale);
  // dayjs itself loads with the first page that shows a date, not with the shell.
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), dateLocales[language]?.()]);
  dayjs.locale(dateLocaleOf(locale));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
