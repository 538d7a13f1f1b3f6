import type { SiteBootstrap } from '@portal/schema/site';

/**
 * Spec §7 "Other": the analytics services a site may configure: tag manager, analytics tag, privacy-consent service
 * (Cookiebot) and product analytics (Piwik Pro). A service exists for a site only when the site has its id.
 */
export type AnalyticsService = 'tagManager' | 'analyticsTag' | 'cookiebot' | 'piwikPro';

export const SERVICE_LABELS: Record<AnalyticsService, string> = {
  tagManager: 'Google Tag Manager',
  analyticsTag: 'Google Analytics',
  cookiebot: 'Cookiebot',
  piwikPro: 'Piwik PRO',
};

/** The cookies each service sets: listed in the preferences, and cleared when the person withdraws consent. */
export const SERVICE_COOKIES: Record<AnalyticsService, RegExp[]> = {
  tagManager: [/^_ga/, /^_gcl_/],
  analyticsTag: [/^_ga/],
  cookiebot: [/^CookieConsent$/],
  piwikPro: [/^_pk_/, /^stg_/],
};

export function analyticsServicesOf(site: SiteBootstrap): AnalyticsService[] {
  const configured: [AnalyticsService, boolean][] = [
    ['tagManager', !!site.gtmId],
    ['analyticsTag', !!site.gaMeasurementId],
    ['cookiebot', !!site.cookiebotId],
    ['piwikPro', !!site.piwikProId && !!site.piwikProUrl],
  ];
  return configured.filter(([, present]) => present).map(([service]) => service);
}
