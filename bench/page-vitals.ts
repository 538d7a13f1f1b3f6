import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';

const require = createRequire(import.meta.url);
// The package exports its modules only; the browser build (a global `webVitals`) sits beside them.
const webVitals = readFileSync(join(dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'), 'utf8');

/** Lighthouse's mobile profile, as issue 15 names it: 4× CPU slow-down, 1.6 Mbit/s down with 150 ms latency. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const CPU_SLOWDOWN = 4;
const LOADS = 5;

/** The medians' parts: LCP in ms and its element, CLS and the element of its largest shift, and whether the largest
 * paint was the consent banner's (decision 104: the page's own content should be). */
type Vitals = { lcp: number; cls: number; lcpElement: string; lcpInConsentBanner: boolean; clsTarget: string };

/** The consent record the library writes when someone accepts the necessary cookies only (revision 1, decision 022). */
function consentRecord(): string {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  return encodeURIComponent(
    JSON.stringify({
      categories: ['necessary'],
      revision: 1,
      data: null,
      consentTimestamp: at,
      consentId: 'bench-0000-4000-8000-000000000000',
      services: { necessary: [] },
      languageCode: 'en',
      lastConsentTimestamp: at,
      expirationTime: Date.now() + 180 * 86_400_000,
    }),
  );
}

/**
 * Largest Contentful Paint and Cumulative Layout Shift of a page, measured in Debian's Chromium with the web-vitals
 * library on a phone's screen: `loads` cold loads (a new browser context each, so nothing is cached but the cookies),
 * the median of each. With `cookie` a signed-in customer who has been here before (the survey handled, cookies
 * consented to); without it a first visit, consent banner and all.
 */
export async function pageVitals(
  origin: string,
  path: string,
  { cookie, loads: count = LOADS }: { cookie?: string; loads?: number } = {},
): Promise<Vitals & { loads: Vitals[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const loads: Vitals[] = [];
  try {
    for (let load = 0; load < count; load++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true });
      const url = `${origin}${path}`;
      if (cookie) {
        const [name, value] = cookie.split('=') as [string, string];
        await context.addCookies([
          { name, value, url },
          // A returning customer: the survey dialog handled and cookies consented to earlier (vanilla-cookieconsent's
          // record), so the paint measured is the page's own, not the first visit's consent banner.
          { name: 'feedback-handled', value: new Date(Date.now() + 86_400_000).toISOString(), url },
          { name: 'cc_cookie', value: consentRecord(), url },
        ]);
      }
      await context.addInitScript(`${webVitals};
        window.__vitals = { lcp: 0, cls: 0, lcpElement: '', lcpInConsentBanner: false, clsTarget: '' };
        webVitals.onLCP((metric) => {
          window.__vitals.lcp = metric.value;
          window.__vitals.lcpElement = metric.attribution.target || '';
          window.__vitals.lcpInConsentBanner = Boolean(metric.attribution.lcpEntry?.element?.closest('[data-consent-banner]'));
        }, { reportAllChanges: true });
        webVitals.onCLS((metric) => { window.__vitals.cls = metric.value; window.__vitals.clsTarget = metric.attribution.largestShiftTarget || ''; }, { reportAllChanges: true });`);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
      await page.waitForTimeout(2000);
      loads.push(await page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const lcp = median(loads.map((load) => load.lcp));
  const cls = median(loads.map((load) => load.cls));
  const atLcp = loads.find((load) => load.lcp === lcp)!;
  return {
    lcp,
    cls,
    lcpElement: atLcp.lcpElement,
    lcpInConsentBanner: atLcp.lcpInConsentBanner,
    clsTarget: loads.find((load) => load.cls === cls)!.clsTarget,
    loads,
  };
}
