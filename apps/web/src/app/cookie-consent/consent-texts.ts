import type { TFunction } from 'i18next';
import type { Translation } from 'vanilla-cookieconsent';
import type { AnalyticsService } from './analytics-services.ts';

type CookieRow = { name: string; purpose: string; expiry: string };

/** What each analytics service stores, as the preferences' cookie table shows it. */
const analyticsCookieRows = (t: TFunction): Record<AnalyticsService, CookieRow> => ({
  tagManager: { name: '_ga, _ga_*, _gcl_*', purpose: t('cookie-consent.cookie.tag-manager'), expiry: t('cookie-consent.expiry.two-years') },
  analyticsTag: { name: '_ga, _ga_*', purpose: t('cookie-consent.cookie.ga'), expiry: t('cookie-consent.expiry.two-years') },
  cookiebot: { name: 'CookieConsent', purpose: t('cookie-consent.cookie.cookiebot'), expiry: t('cookie-consent.expiry.year') },
  piwikPro: {
    name: '_pk_id.*, _pk_ses.*, stg_*',
    purpose: t('cookie-consent.cookie.piwik-pro'),
    expiry: t('cookie-consent.expiry.thirteen-months'),
  },
});

/**
 * The preferences texts of screen 5 (its banner is the app's own, consent-banner.tsx), from the portal's own bundles so
 * admins' overrides apply. They promise only what the site has: a site without analytics services says it uses
 * necessary cookies alone.
 */
export function consentTexts(t: TFunction, services: AnalyticsService[], privacyPolicyUrl: string | null): Translation {
  // No texts for the library's own banner: it builds one only from them, and the app draws its own (decision 104).
  // The library's type asks for them all the same.
  return preferencesTexts(t, services, privacyPolicyUrl) as Translation;
}

function preferencesTexts(t: TFunction, services: AnalyticsService[], privacyPolicyUrl: string | null): Omit<Translation, 'consentModal'> {
  const necessaryCookies: CookieRow[] = [
    { name: 'NEXT_LOCALE', purpose: t('cookie-consent.cookie.locale'), expiry: t('cookie-consent.expiry.year') },
    { name: 'color-scheme', purpose: t('cookie-consent.cookie.color-scheme'), expiry: t('cookie-consent.expiry.year') },
    { name: 'cc_cookie', purpose: t('cookie-consent.cookie.consent'), expiry: t('cookie-consent.expiry.months') },
    { name: '__user-id', purpose: t('cookie-consent.cookie.user-id'), expiry: t('cookie-consent.expiry.year') },
    {
      name: 'session_id',
      purpose: t(services.length > 0 ? 'cookie-consent.cookie.session-id' : 'cookie-consent.cookie.session-id-visit'),
      expiry: t('cookie-consent.expiry.session'),
    },
  ];
  const table = (rows: CookieRow[]) => ({
    headers: {
      name: t('cookie-consent.table.name'),
      purpose: t('cookie-consent.table.purpose'),
      expiry: t('cookie-consent.table.expiry'),
    },
    body: rows,
  });
  const rows = analyticsCookieRows(t);
  const withAnalytics = services.length > 0;
  return {
    preferencesModal: {
      title: t('cookie-consent.preferences-title'),
      acceptAllBtn: t('cookie-consent.accept-all'),
      acceptNecessaryBtn: t('cookie-consent.reject-all'),
      savePreferencesBtn: t('cookie-consent.save'),
      closeIconLabel: t('cookie-consent.close'),
      sections: [
        { title: t('cookie-consent.usage-title'), description: t('cookie-consent.usage-description') },
        {
          title: t('cookie-consent.necessary-title'),
          description: t('cookie-consent.necessary-description'),
          linkedCategory: 'necessary',
          cookieTable: table(necessaryCookies),
        },
        ...(withAnalytics
          ? [
              {
                title: t('cookie-consent.analytics-title'),
                description: t('cookie-consent.analytics-description'),
                linkedCategory: 'analytics',
                cookieTable: table(services.map((service) => rows[service])),
              },
            ]
          : []),
        {
          title: t('cookie-consent.more-title'),
          description: privacyPolicyUrl
            ? `${t('cookie-consent.more-description')} <a href="${encodeURI(privacyPolicyUrl)}" target="_blank" rel="noopener noreferrer">${t('links.PRIVACY_POLICY')}</a>`
            : t('cookie-consent.more-description'),
        },
      ],
    },
  };
}
