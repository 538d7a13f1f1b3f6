import type * as CookieConsent from 'vanilla-cookieconsent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteBootstrap } from '@portal/schema/site';
import { createI18n } from '../i18n.ts';
import { buildSite, EN_GB_BUNDLE } from '../../test/test-site.ts';

let current: typeof CookieConsent | undefined;

// The library and the loader keep their state for the page's lifetime: each test starts a fresh page.
async function start(site: SiteBootstrap) {
  vi.resetModules();
  const consent = await import('vanilla-cookieconsent');
  current = consent;
  const { startCookieConsent } = await import('./start-cookie-consent.ts');
  const i18n = await createI18n('en-GB', EN_GB_BUNDLE);
  const pageViews: ((path: string) => void)[] = [];
  const answered = vi.fn();
  await startCookieConsent(site, i18n, (listener) => void pageViews.push(listener), answered);
  return { consent: consent as typeof CookieConsent, pageViews, answered };
}

const english = { locales: [{ id: 'en-GB' as const, name: 'English' }] };
const analyticsScripts = () => [...document.querySelectorAll('script[id^="portal-"]')].map((script) => script.id);
const librarysBanner = () => document.querySelector('#cc-main .cm');
const preferences = () => document.querySelector('#cc-main .pm');

describe('cookie consent (screen 5)', () => {
  afterEach(() => {
    current?.reset(true);
    document.head.replaceChildren();
    delete window.dataLayer;
  });

  it('loads no analytics before consent, and each configured service once it is accepted', async () => {
    const { consent, pageViews, answered } = await start(
      buildSite({ ...english, gaMeasurementId: 'G-TEST1', piwikProId: 'pp-4', piwikProUrl: 'https://x.piwik.pro' }),
    );
    // The first layer is the app's own banner, drawn with the page (decision 104): the library draws none.
    expect(librarysBanner()).toBeNull();
    expect(answered).not.toHaveBeenCalled();
    expect(analyticsScripts()).toEqual([]);
    expect(window.dataLayer ?? []).toEqual([]);

    consent.acceptCategory('analytics');
    expect(answered).toHaveBeenCalled();
    expect(analyticsScripts().sort()).toEqual(['portal-gtag', 'portal-piwik-pro']);
    expect(consent.getCookie('categories').sort()).toEqual(['analytics', 'necessary']);
    // The app's next page is counted by the services now loaded.
    pageViews.forEach((listener) => listener('/charts'));
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'portal.page_view', page_path: '/charts' }));
  });

  it('loads nothing when the person accepts only the necessary cookies', async () => {
    const { consent } = await start(buildSite({ ...english, gtmId: 'GTM-TEST2' }));
    consent.acceptCategory([]);
    expect(consent.getCookie('categories')).toEqual(['necessary']);
    expect(analyticsScripts()).toEqual([]);
  });

  it('offers no analytics among the preferences of a site that configures no analytics service', async () => {
    const { consent } = await start(buildSite({ ...english }));
    consent.showPreferences();
    expect(preferences()).toHaveTextContent('Necessary cookies');
    expect(preferences()).not.toHaveTextContent('Analytics cookies');
    consent.acceptCategory('all');
    expect(consent.getCookie('categories')).toEqual(['necessary']);
    expect(analyticsScripts()).toEqual([]);
  });
});
