import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../test/test-site.ts';

const site = buildSite({
  gaMeasurementId: 'G-TEST1',
  gtmId: 'GTM-TEST2',
  cookiebotId: 'cb-3',
  piwikProId: 'pp-4',
  piwikProUrl: 'https://lumo.containers.piwik.pro/',
});

// The loader remembers what it loaded for the page's lifetime: each test starts a fresh page.
const freshLoader = async () => {
  vi.resetModules();
  return import('./load-analytics.ts');
};
const scriptSources = () => [...document.head.querySelectorAll('script')].map((script) => script.src);

describe('analytics services (spec §7)', () => {
  beforeEach(() => {
    document.cookie = 'session_id=visit-42; path=/';
    window.history.replaceState(null, '', '/dashboard');
  });
  afterEach(() => {
    document.head.replaceChildren();
    delete window.dataLayer;
    document.cookie = 'session_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('loads the analytics tag with the cookie domain, page path and session_id as client_id', async () => {
    const { loadAnalyticsService } = await freshLoader();
    loadAnalyticsService('analyticsTag', site);
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1']);
    const config = window.dataLayer!.map((entry) => [...(entry as unknown[])]).find((entry) => entry[0] === 'config');
    expect(config).toEqual([
      'config',
      'G-TEST1',
      { cookie_domain: window.location.hostname, page_path: '/dashboard', client_id: 'visit-42' },
    ]);
  });

  it('loads the tag manager, Cookiebot and Piwik PRO from their own addresses with the site’s ids', async () => {
    const { loadAnalyticsService } = await freshLoader();
    loadAnalyticsService('tagManager', site);
    loadAnalyticsService('cookiebot', site);
    loadAnalyticsService('piwikPro', site);
    expect(scriptSources()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST2',
      'https://consent.cookiebot.com/uc.js',
      'https://lumo.containers.piwik.pro/pp-4.js',
    ]);
    expect(document.getElementById('portal-cookiebot')).toHaveAttribute('data-cbid', 'cb-3');
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'stg.start' }));
    expect(window.dataLayer).toContainEqual({
      event: 'portal.config',
      cookie_domain: window.location.hostname,
      page_path: '/dashboard',
      client_id: 'visit-42',
    });
  });

  it('loads a service once, and counts later pages of the app only for the services it loaded', async () => {
    const { loadAnalyticsService, trackPageView } = await freshLoader();
    trackPageView(site, '/charts');
    expect(window.dataLayer ?? []).toEqual([]);
    loadAnalyticsService('analyticsTag', site);
    loadAnalyticsService('analyticsTag', site);
    expect(scriptSources()).toHaveLength(1);
    trackPageView(site, '/invoices');
    const configs = window.dataLayer!.map((entry) => [...(entry as unknown[])]).filter((entry) => entry[0] === 'config');
    expect(configs.map((entry) => (entry[2] as { page_path: string }).page_path)).toEqual(['/dashboard', '/invoices']);
  });
});
