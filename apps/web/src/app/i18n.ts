import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { languageOf, type BundleLocaleId, type LocaleId } from '@portal/schema/locale-ids';
import { ICU_SYNTAX } from '@portal/schema/icu-syntax';
import type { CompiledTranslationBundle } from '@portal/schema/translations';
import { api } from '../shared/api/api-client.ts';
import { sendClientLog } from '../shared/api/client-log.ts';

/**
 * i18next over the server's bundles (so a site admin's overrides apply), with ICU messages
 * and flat dotted keys. A key missing from a bundle is reported once to the client log (spec §8).
 * Browsers take the bundles in their `compiled` form (decision 105); the server's render and tests may give ICU text.
 */
export async function createI18n(locale: BundleLocaleId, translations: CompiledTranslationBundle): Promise<I18n> {
  const instance = i18next.createInstance();
  const reported = new Set<string>();
  await instance
    .use(serverBundles)
    .use(compiledIcu())
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
  applyDocumentLanguage(locale);
  return instance;
}

/**
 * i18next-icu over bundles in the `compiled` form: a syntax tree is formatted as it is, and a text without ICU syntax is
 * its own translation, given back without asking for a parser (a browser's first load has none, decision 105). Any
 * other text (the server's render, tests) is parsed by i18next-icu as before.
 */
function compiledIcu() {
  // i18next-icu's types leave out the format module's `parse`, which i18next calls.
  const icu = new ICU() as InstanceType<typeof ICU> & { parse: (message: unknown, ...rest: unknown[]) => unknown };
  const parse = icu.parse.bind(icu);
  icu.parse = (message, ...rest) => (typeof message === 'string' && !ICU_SYNTAX.test(message) ? message : parse(message, ...rest));
  return icu;
}

/** Other locales' bundles come from the API through the one API client, compiled as the page's own. */
const serverBundles: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    api<CompiledTranslationBundle>(`/api/translations/${language}`, { query: { form: 'compiled' } }).then(
      (bundle) => callback(null, bundle),
      (error: Error) => callback(error, false),
    );
  },
};

/** Switches the interface language (language switcher, screen 6); the bundle loads once. */
export async function switchLanguage(instance: I18n, locale: LocaleId): Promise<void> {
  await instance.changeLanguage(locale);
  applyDocumentLanguage(locale);
}

/** Spec §2 screen 6: the document's language follows the interface's (the date pickers take theirs from i18next). */
function applyDocumentLanguage(locale: BundleLocaleId) {
  if (typeof document !== 'undefined') document.documentElement.lang = languageOf(locale);
}
