import type { SiteBootstrap } from '@portal/schema/site';
import { COOKIE, readCookie } from '../../shared/cookies.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function addScript(src: string, id: string) {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/**
 * Loads the analytics services the site configures (spec §7). Called only after analytics consent;
 * the analytics config carries the cookie domain, page path and the session_id cookie as client_id.
 */
export function loadAnalytics(site: SiteBootstrap) {
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  if (site.gaMeasurementId) {
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(site.gaMeasurementId)}`, 'portal-gtag');
    // gtag reads its commands as `arguments` objects, not arrays.
    const gtag = function (..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    gtag('js', new Date());
    gtag('config', site.gaMeasurementId, {
      cookie_domain: window.location.hostname,
      page_path: window.location.pathname,
      client_id: readCookie(COOKIE.sessionId),
    });
  }
  if (site.gtmId) {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(site.gtmId)}`, 'portal-gtm');
  }
  if (site.piwikProId && site.piwikProUrl) {
    dataLayer.push({ start: Date.now(), event: 'stg.start' });
    addScript(`${site.piwikProUrl.replace(/\/$/, '')}/${encodeURIComponent(site.piwikProId)}.js`, 'portal-piwik-pro');
  }
}
