import type { SiteBootstrap } from '@portal/schema/site';
import { COOKIE, readCookie } from '../../shared/cookies.ts';
import type { AnalyticsService } from './analytics-services.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function addScript(id: string, src: string, attributes: Record<string, string> = {}) {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

const dataLayer = () => (window.dataLayer ??= []);

/** gtag reads its commands as `arguments` objects, not arrays. */
function gtag(..._args: unknown[]) {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}

/**
 * Spec §7: the analytics configuration carries the cookie domain, the page path and, as client_id, the session_id
 * cookie, so analytics count visits without a cookie of their own for the visitor.
 */
export function analyticsConfig(pagePath = window.location.pathname) {
  return { cookie_domain: window.location.hostname, page_path: pagePath, client_id: readCookie(COOKIE.sessionId) };
}

const loaders: Record<AnalyticsService, (site: SiteBootstrap) => void> = {
  tagManager: (site) => {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' }, { event: 'portal.config', ...analyticsConfig() });
    addScript('portal-gtm', `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(site.gtmId!)}`);
  },
  analyticsTag: (site) => {
    addScript('portal-gtag', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(site.gaMeasurementId!)}`);
    gtag('js', new Date());
    gtag('config', site.gaMeasurementId, analyticsConfig());
  },
  cookiebot: (site) => {
    addScript('portal-cookiebot', 'https://consent.cookiebot.com/uc.js', {
      'data-cbid': site.cookiebotId!,
      'data-culture': document.documentElement.lang,
    });
  },
  piwikPro: (site) => {
    dataLayer().push({ start: Date.now(), event: 'stg.start' }, { event: 'portal.config', ...analyticsConfig() });
    addScript('portal-piwik-pro', `${site.piwikProUrl!.replace(/\/$/, '')}/${encodeURIComponent(site.piwikProId!)}.js`);
  },
};

const loaded = new Set<AnalyticsService>();

/** Loads one configured service. Called only once the person has accepted it (decision 022); loads it once. */
export function loadAnalyticsService(service: AnalyticsService, site: SiteBootstrap) {
  if (loaded.has(service)) return;
  loaded.add(service);
  loaders[service](site);
}

/** A page of the single-page app was shown: the services already loaded count it as a page view. */
export function trackPageView(site: SiteBootstrap, pagePath: string) {
  if (loaded.has('analyticsTag')) gtag('config', site.gaMeasurementId, analyticsConfig(pagePath));
  if (loaded.has('tagManager') || loaded.has('piwikPro')) dataLayer().push({ event: 'portal.page_view', ...analyticsConfig(pagePath) });
}
