import { devices, type Locator, type Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { collectCspViolations } from './browser-console.ts';
import { signInWithEid } from './sign-in.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';
import { keepScreenshot } from './screenshots.ts';

// A phone as people hold it; the browser stays the configured Chromium.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

const fi = (key: string) => text('fi-FI', key);

/** The element a tap at the centre of `locator` would reach: whatever lies on top there. */
const topmostAt = (page: Page, locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit === element || element.contains(hit);
  });

test('on a phone: data on the first screen, the bottom bar, the menu drawer, and consent settings that cover no content', async ({
  page,
}) => {
  // One person's whole morning on a phone, with axe in two schemes: longer than the default minute.
  test.setTimeout(180_000);
  const cspViolations = collectCspViolations(page);
  await page.goto(siteUrl('lumo', '/dashboard'));
  await page.getByRole('button', { name: fi('cookie-consent.reject-all') }).click();
  // Kept until the app has the page, then recorded: the banner goes.
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  await signInWithEid(page, 'fi-FI', 'Aino Virtanen', 'OP');
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
  const viewport = page.viewportSize()!;

  // The customer's own figures start on the first screen, below the one-line quick links.
  const consumption = page.getByRole('heading', { name: text('fi-FI', 'dashboard.chart.title') });
  await expect(consumption).toBeVisible();
  expect((await consumption.boundingBox())!.y).toBeLessThan(viewport.height * 0.75);
  await keepScreenshot(page, 'phone-dashboard', { fullPage: false });

  // The bottom bar has the person's pages.
  const bar = page.getByRole('navigation', { name: fi('nav.bottom') });
  await expect(bar.getByRole('link')).toHaveText([
    fi('nav.dashboard'),
    fi('nav.charts'),
    fi('nav.invoices'),
    fi('nav.power-control'),
    fi('nav.outages'),
  ]);
  // Nothing floats over the content (issue 27: it sat on the first invoice's Pay button): the consent settings stand in
  // the footer, in a room of their own, and the page has one such control.
  const consent = page.getByRole('button', { name: fi('cookie-consent.open-settings') });
  await expect(consent).toHaveCount(1);
  await expect(page.getByRole('contentinfo').getByRole('button', { name: fi('cookie-consent.open-settings') })).toBeAttached();
  expect(await consent.evaluate((element) => getComputedStyle(element).position)).not.toBe('fixed');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await topmostAt(page, consent)).toBe(true);
  // The contact links stack, one a line, without dividers at line ends.
  const contacts = page.getByRole('contentinfo').getByRole('region', { name: fi('footer.contacts') });
  const boxes = await Promise.all((await contacts.getByRole('link').all()).map((link) => link.boundingBox()));
  expect(new Set(boxes.map((box) => box!.x)).size).toBe(1);
  await expect(contacts.locator('.mantine-Divider-root').first()).toBeHidden();
  await keepScreenshot(page, 'phone-footer', { fullPage: false });

  // The menu drawer holds the account, the customers to act for, colour scheme, language and sign-out, above the consent button.
  await page.getByRole('button', { name: fi('nav.open-menu') }).click();
  const drawer = page.getByRole('dialog', { name: 'Lumo Energia Oy' });
  await expect(drawer.getByText('Aino Virtanen').first()).toBeVisible();
  // Pages past the bar's five tabs are in the drawer.
  await expect(drawer.getByRole('link', { name: fi('nav.support') })).toBeVisible();
  await expect(drawer.getByRole('button', { name: /Revontuli Sauna Oy/ })).toBeVisible();
  await expect(drawer.getByRole('radio', { name: fi('color-scheme.dark') })).toBeAttached();
  await expect(drawer.getByRole('group', { name: fi('language.label') })).toBeVisible();
  await expect(drawer.getByRole('link', { name: fi('user-menu.sign-out') })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'phone-drawer', { fullPage: false });
  await drawer.getByRole('button', { name: /Revontuli Sauna Oy/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('page-customer')).toContainText('Revontuli Sauna Oy');

  // Every invoice's buttons can be tapped: nothing lies on top of them, wherever the page is scrolled (the company's
  // invoices: the person's own may all be postponed already).
  await bar.getByRole('link', { name: fi('nav.invoices') }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/invoices'));
  const actions = page.getByRole('list', { name: fi('invoices.list.label') }).getByRole('button');
  await expect(actions.first()).toBeVisible();
  for (const action of await actions.all()) {
    // Where a person scrolls a button to tap it: mid-screen, clear of the bars at the top and the bottom.
    await action.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    expect(await topmostAt(page, action), (await action.textContent()) ?? undefined).toBe(true);
  }
  await page
    .getByRole('button', { name: fi('invoices.postpone.button') })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: fi('invoices.postpone.title') })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const path of ['/dashboard', '/charts', '/invoices']) {
    await page.goto(siteUrl('lumo', path));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleInEveryLook(page, `phone${path.replace('/', '-')}`, { viewports: ['phone'] });
  }
  expect(cspViolations).toEqual([]);
});

test('on a phone a heating-only customer sees no spot price, and the dashboard passes axe-core', async ({ page, signedIn }) => {
  await signedIn({ site: 'daugava', locale: 'lv-LV', person: 'Anna Bērziņa', method: 'eParaksts', path: '/dashboard' });
  await expect(page.getByRole('region', { name: text('lv-LV', 'dashboard.expenses.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: text('lv-LV', 'dashboard.spot.title') })).toHaveCount(0);
  await expectAccessible(page);
});
