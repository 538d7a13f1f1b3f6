import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './cookie-consent-theme.css';
import type { i18n as I18n } from 'i18next';
import * as CookieConsent from 'vanilla-cookieconsent';
import { LOCALE_MAP, languageOf } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import { consentTexts } from './consent-texts.ts';
import { loadAnalytics } from './load-analytics.ts';

/** Bump when the categories or services change: every visitor is asked again (spec §5). */
export const CONSENT_REVISION = 1;

/**
 * Screen 5 with vanilla-cookieconsent v3: opt-in, necessary always on, analytics only when the site has
 * a measurement id, and analytics scripts only after consent. The record is the library's cc_cookie.
 */
export async function startCookieConsent(site: SiteBootstrap, i18n: I18n) {
  const withAnalytics = Boolean(site.gaMeasurementId);
  const languages = site.locales.map(({ id }) => languageOf(id));
  const privacyPolicy = (language: string) =>
    site.links.find((link) => link.type === 'PRIVACY_POLICY' && link.localeId === LOCALE_MAP[language])?.url ??
    site.links.find((link) => link.type === 'PRIVACY_POLICY' && !link.localeId)?.url ??
    null;
  const onConsent = () => {
    if (CookieConsent.acceptedCategory('analytics')) loadAnalytics(site);
  };
  await CookieConsent.run({
    revision: CONSENT_REVISION,
    mode: 'opt-in',
    // Its bot detection also hides the banner from automated browsers, which must see what people see.
    hideFromBots: false,
    cookie: { name: 'cc_cookie', expiresAfterDays: 182, path: '/', secure: true, sameSite: 'Lax' },
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom left' },
      preferencesModal: { layout: 'box' },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      ...(withAnalytics ? { analytics: { autoClear: { cookies: [{ name: /^_ga/ }] } } } : {}),
    },
    onFirstConsent: onConsent,
    onChange: onConsent,
    onConsent,
    language: {
      default: languages.includes('en') ? 'en' : (languages[0] ?? 'en'),
      autoDetect: 'document',
      translations: Object.fromEntries(
        languages.map((language) => [
          language,
          async () => {
            const locale = LOCALE_MAP[language]!;
            await i18n.loadLanguages(locale);
            return consentTexts(i18n.getFixedT(locale), withAnalytics, privacyPolicy(language));
          },
        ]),
      ),
    },
  });
  // The banner follows the language switcher.
  i18n.on('languageChanged', (locale) => void CookieConsent.setLanguage(languageOf(locale as never), true));
}
