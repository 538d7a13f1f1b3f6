import { test as base, expect, type Browser, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { dropConsentBanner } from './consent-banner.ts';
import { signInWithEid } from './sign-in.ts';
import { chooseLanguage, siteUrl, type SiteName } from './sites.ts';
import { waitForTakeOver } from './take-over.ts';

export { expect } from '@playwright/test';

/** Who a journey acts as, and where it starts: `path` on `site`, in `locale` (the language switcher's choice). */
export type SignedInAs = { person: string; method: string; path: string; site?: SiteName; locale?: string };

/** A made-up client address for `seed`: the same seed gives the same address (decision 101's limits count per address). */
function addressOf(seed: string): string {
  const [a, b, c] = createHash('sha256').update(seed).digest();
  return `10.${a}.${b}.${(c! % 254) + 1}`;
}

/**
 * Signs `person` in once through the e-ID service, as a person would, in a browser context of its own, and answers the
 * consent banner there: the cookies that make a signed-in visitor (the session, Auth.js's CSRF cookie, the consent,
 * the feedback survey handled). The language cookie stays behind: each journey chooses its own.
 */
async function signInOnce(browser: Browser, { person, method, path, site = 'lumo', locale = 'en-GB' }: SignedInAs): Promise<Cookie[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': addressOf(`session/${site}/${person}/${method}`) } });
  try {
    await chooseLanguage(context, locale, site);
    const page = await context.newPage();
    await page.goto(siteUrl(site, path));
    await signInWithEid(page, locale, person, method);
    await expect(page).toHaveURL(siteUrl(site, path));
    await dropConsentBanner(page);
    return (await context.cookies()).filter((cookie) => cookie.name !== 'NEXT_LOCALE');
  } finally {
    await context.close();
  }
}

type SignedInFixtures = {
  /** Opens `as.path` in the journey's own page, signed in as `as.person`. */
  signedIn: (as: SignedInAs) => Promise<void>;
  /** A second person in a browser of their own (a new context, closed after the journey), on `as.path` signed in. */
  signedInPage: (as: SignedInAs) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * The journeys' `test`.
 *
 * Each journey's browser comes from an address of its own, as each customer does. The journey server believes
 * X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts), and each journey sends one made from its id and
 * retry, so a fast machine running sixty journeys does not make more than the ten sign-ins a minute decision 101 allows
 * one address. Contexts a journey opens itself (browser.newContext) get it too.
 *
 * `signedIn` opens a page as a person already signed in. A worker signs each person in through the e-ID service once
 * and hands the same session to every journey that asks for that person (a person signed in on one device, coming
 * back): a journey is about what it checks, not the e-ID walk, which the sign-in journeys prove and which cost 3–5 s a
 * journey. A journey that signs out, ends sessions or needs a first sign-in's effects signs in itself
 * (`signInWithEid`), so the shared sessions are never ended.
 */
export const test = base.extend<SignedInFixtures, { sessions: Map<string, Promise<Cookie[]>> }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': addressOf(`${testInfo.testId}/${testInfo.retry}`) });
  },
  sessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ browser, page, sessions }, use) => {
    await use((as) => enter(page, as, browser, sessions));
  },
  signedInPage: async ({ browser, sessions }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (as) => {
      const context = await browser.newContext();
      opened.push(context);
      const page = await context.newPage();
      await enter(page, as, browser, sessions);
      return { context, page };
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

/** Gives `page`'s context the person's session (signing them in first if this worker has not) and opens `path`. */
async function enter(page: Page, as: SignedInAs, browser: Browser, sessions: Map<string, Promise<Cookie[]>>) {
  const { person, method, path, site = 'lumo', locale = 'en-GB' } = as;
  const key = `${site}/${person}/${method}`;
  let cookies = sessions.get(key);
  if (cookies === undefined) {
    cookies = signInOnce(browser, as);
    sessions.set(key, cookies);
    // A sign-in that failed is tried again by the next journey that asks, not handed on as a failure.
    cookies.catch(() => sessions.delete(key));
  }
  const context = page.context();
  await context.addCookies(await cookies);
  await chooseLanguage(context, locale, site);
  await page.goto(siteUrl(site, path));
  // A session the server no longer knows would be sent to the sign-in page.
  await expect(page).not.toHaveURL(/\/auth\/signin/);
  // What a journey types before the app has the page is the before-take-over journey's subject (decision 104).
  await waitForTakeOver(page);
}
