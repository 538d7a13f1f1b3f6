import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './cookie-consent-theme.css';
import type { i18n as I18n } from 'i18next';
import * as CookieConsent from 'vanilla-cookieconsent';
import { CONSENT_COOKIE, CONSENT_REVISION } from '@portal/schema/cookie-consent';
import { LOCALE_MAP, languageOf } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import { analyticsServicesOf, SERVICE_COOKIES, SERVICE_LABELS } from './analytics-services.ts';
import { consentTexts } from './consent-texts.ts';
import { loadAnalyticsService, trackPageView } from './load-analytics.ts';

/** The app tells the consent code about each page it shows (a single-page app has no page loads to count). */
export type PageViews = (listener: (pagePath: string) => void) => void;

/**
 * Screen 5 with vanilla-cookieconsent v3: opt-in, necessary always on, an analytics category only when the site
 * configures an analytics service, and each service's script only once it is accepted (decision 022). The record
 * is the library's cc_cookie. The first layer is the app's own banner, drawn with the page (decision 104): the library
 * shows none, and tells `onAnswered` when the person has answered (at start too, when they had).
 */
export async function startCookieConsent(site: SiteBootstrap, i18n: I18n, pageViews: PageViews, onAnswered: () => void) {
  const services = analyticsServicesOf(site);
  const languages = site.locales.map(({ id }) => languageOf(id));
  const privacyPolicy = (language: string) =>
    site.links.find((link) => link.type === 'PRIVACY_POLICY' && link.localeId === LOCALE_MAP[language])?.url ??
    site.links.find((link) => link.type === 'PRIVACY_POLICY' && !link.localeId)?.url ??
    null;
  const analytics: CookieConsent.Category = {
    autoClear: { cookies: [...new Set(services.flatMap((service) => SERVICE_COOKIES[service]))].map((name) => ({ name })) },
    services: Object.fromEntries(
      services.map((service) => [service, { label: SERVICE_LABELS[service], onAccept: () => loadAnalyticsService(service, site) }]),
    ),
  };
  await CookieConsent.run({
    revision: CONSENT_REVISION,
    mode: 'opt-in',
    autoShow: false,
    onConsent: onAnswered,
    // Its bot detection also hides the banner from automated browsers, which must see what people see.
    hideFromBots: false,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: 182, path: '/', secure: true, sameSite: 'Lax' },
    guiOptions: { preferencesModal: { layout: 'box' } },
    categories: {
      necessary: { enabled: true, readOnly: true },
      ...(services.length > 0 ? { analytics } : {}),
    },
    language: {
      default: languages.includes('en') ? 'en' : (languages[0] ?? 'en'),
      autoDetect: 'document',
      translations: Object.fromEntries(
        languages.map((language) => [
          language,
          async () => {
            const locale = LOCALE_MAP[language]!;
            await i18n.loadLanguages(locale);
            return consentTexts(i18n.getFixedT(locale), services, privacyPolicy(language));
          },
        ]),
      ),
    },
  });
  // The banner follows the language switcher.
  i18n.on('languageChanged', (locale) => void CookieConsent.setLanguage(languageOf(locale as never), true));
  pageViews((pagePath) => trackPageView(site, pagePath));
}
