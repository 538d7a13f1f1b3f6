import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { markSurveyHandled } from './sign-in.ts';
import { chooseLanguage, siteUrl } from './sites.ts';
import { takenOver } from './take-over.ts';
import { text } from './texts.ts';

/*
 * Issue 27: on a slow phone a person clicks what the server drew before the app's script has taken the page over.
 * Each journey runs on a CPU slowed down as Lighthouse's mobile profile does (Chromium's own throttling, through
 * DevTools), and holds the app's script back until the click has been made, as a slow line would: the click is made on
 * the page as the server drew it, every time. Links navigate and forms post as plain HTML; any other control's click
 * is kept and replayed once the app has the page (docs/decisions/104).
 */

const SLOW_CPU = 4;

/**
 * Slows the page's CPU, and holds the app's entry script back until the returned function is called; `holdAgain`
 * holds it back for the next page too.
 */
async function slowPhone(page: Page): Promise<{ release: () => void; holdAgain: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
  let release = () => {};
  let released = Promise.resolve();
  const holdAgain = () => {
    released = new Promise<void>((resolve) => (release = resolve));
  };
  holdAgain();
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release(), holdAgain };
}

/** True while no app has the page: the server drew the root and React has not yet taken it. */
const notTakenOver = async (page: Page) =>
  (await page.evaluate(() => document.getElementById('root')?.hasChildNodes() ?? false)) && !(await takenOver(page));

/**
 * Opens the address until the server has drawn the page: past its render budget (decision 089), as on a busy machine
 * just after the server's start, a page goes undrawn and the browser draws it, which this journey is not about.
 */
async function openDrawn(page: Page, url: string) {
  for (let attempt = 0; ; attempt++) {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('#root', { state: 'attached' });
    if (await page.evaluate(() => document.getElementById('root')!.hasChildNodes())) return;
    if (attempt === 5) throw new Error(`the server drew no page at ${url}`);
    await page.waitForTimeout(1000);
  }
}

/** The app on a 4× slower CPU, on a machine shared with other work, can take its time to take a page over. */
const TAKE_OVER = { timeout: 30_000 };

test.beforeEach(async ({ context }) => {
  await chooseLanguage(context, 'en-GB');
  await markSurveyHandled(context, siteUrl('lumo'));
});

test('sign-in: the e-ID button posts its form before the app has the page, and the consent answer is kept', async ({ page, context }) => {
  const { release, holdAgain } = await slowPhone(page);
  await openDrawn(page, siteUrl('lumo', '/invoices'));
  // A signed-out visit is sent to sign-in by the server, which draws the form whole.
  await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=%2Finvoices/);
  const consent = page.getByRole('region', { name: text('en-GB', 'cookie-consent.title') });
  await expect(consent).toBeVisible();
  expect(await notTakenOver(page)).toBe(true);
  await consent.getByRole('button', { name: text('en-GB', 'cookie-consent.reject-all') }).click();
  release();
  // Kept, and replayed once the app has the page: the answer is recorded and the banner goes.
  await expect(consent).toHaveCount(0, TAKE_OVER);
  const record = (await context.cookies()).find((cookie) => cookie.name === 'cc_cookie');
  expect(JSON.parse(decodeURIComponent(record!.value)).categories).toEqual(['necessary']);

  // A page drawn anew, the app's script held again: the form posts without it.
  holdAgain();
  await openDrawn(page, page.url());
  const eid = page.getByRole('button', { name: text('en-GB', 'auth.signin.provider.eid') });
  await expect(eid).toBeVisible();
  expect(await notTakenOver(page)).toBe(true);
  await eid.click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('radio', { name: /Aino Virtanen/ }).check();
  await page.getByRole('radio', { name: 'Nordea' }).check();
  await page.getByRole('button', { name: 'Continue', description: 'Finland' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/invoices'));
});

test('dashboard: a quick action is a link that goes before the app has the page', async ({ page, signedIn }) => {
  await signedIn({ person: 'Aino Virtanen', method: 'Nordea', path: '/dashboard' });
  const { release } = await slowPhone(page);
  await openDrawn(page, siteUrl('lumo', '/dashboard'));
  const quickActions = page.getByRole('region', { name: text('en-GB', 'quick-actions.title') });
  const invoices = quickActions.getByRole('link', { name: new RegExp(`^${text('en-GB', 'quick-actions.invoices.title')}`) });
  await expect(invoices).toBeVisible();
  expect(await notTakenOver(page)).toBe(true);
  await invoices.click();
  await expect(page).toHaveURL(siteUrl('lumo', '/invoices'));
  release();
});

test('invoice list: a filter chosen before the app has the page is applied once it has', async ({ page, signedIn }) => {
  await signedIn({ person: 'Aino Virtanen', method: 'Nordea', path: '/dashboard' });
  const { release } = await slowPhone(page);
  await openDrawn(page, siteUrl('lumo', '/invoices'));
  const unpaid = page.locator('label[for$="-unpaid"]');
  await expect(unpaid).toBeVisible();
  expect(await notTakenOver(page)).toBe(true);
  await unpaid.click();
  release();
  await expect(page).toHaveURL(/\/invoices\?type=unpaid/, TAKE_OVER);
  await expect(page.getByRole('radio', { name: text('en-GB', 'invoices.filter.unpaid') })).toBeChecked();
});

test('staff search: a name typed and sent before the app has the page is the one it searches for', async ({ page, signedIn }) => {
  await signedIn({ person: 'Sanna Nieminen', method: 'OP', path: '/staff' });
  const { release } = await slowPhone(page);
  await openDrawn(page, siteUrl('lumo', '/staff'));
  const search = page.getByRole('search', { name: text('en-GB', 'staff.search.label') });
  const name = search.getByRole('searchbox', { name: text('en-GB', 'staff.search.field') });
  await expect(name).toBeVisible();
  expect(await notTakenOver(page)).toBe(true);
  // Typed into the drawn field, and sent with Enter: the app's form posts itself, so the send is kept too.
  await name.fill('aino virtnen');
  await name.press('Enter');
  release();
  // Once the app has the page, its form holds the typed name before the kept send is replayed.
  const results = page.getByRole('list', { name: text('en-GB', 'staff.results.label') });
  await expect(results.getByRole('button', { name: /Aino Virtanen/ }).first()).toBeVisible(TAKE_OVER);
  await expect(name).toHaveValue('aino virtnen');
});
