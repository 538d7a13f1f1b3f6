import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { chooseLanguage, siteUrl } from './sites.ts';
import { text } from './texts.ts';
import { dropConsentBanner } from './consent-banner.ts';
import { keepScreenshot } from './screenshots.ts';

test('a site administrator lands on the admin area, without a customer’s pages or a refusal', async ({ page }) => {
  await page.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(page, 'fi-FI', 'Jukka Mäkinen', 'OP');
  await expect(page).toHaveURL(siteUrl('lumo', '/admin'));
  await dropConsentBanner(page);
  const nav = page.getByRole('banner').getByRole('navigation', { name: text('fi-FI', 'nav.main') });
  await expect(nav.getByRole('link', { name: text('fi-FI', 'nav.dashboard') })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: text('fi-FI', 'nav.staff') })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: text('fi-FI', 'nav.admin') })).toHaveAttribute('href', '/admin');
  // No customer data was asked for, so no refusal was shown.
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('customer service lands on their workspace, acts for a customer by client code and sees whose data it is', async ({ page }) => {
  await page.goto(siteUrl('lumo', '/auth/signin'));
  await signInWithEid(page, 'fi-FI', 'Sanna Nieminen', 'OP');
  await expect(page).toHaveURL(siteUrl('lumo', '/staff'));
  await dropConsentBanner(page);
  await expect(page.getByRole('heading', { level: 1, name: text('fi-FI', 'staff.title') })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: text('fi-FI', 'user-menu.staff.open') })
    .click();
  const form = page.getByRole('form', { name: text('fi-FI', 'user-menu.staff.form') });
  await form.getByRole('textbox', { name: text('fi-FI', 'user-menu.staff.client-code') }).fill('LUMO-100002');
  await form.getByRole('button', { name: text('fi-FI', 'user-menu.staff.start') }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
  await expect(page.getByTestId('page-customer')).toHaveText('Mikko Korhonen · asiakasnumero LUMO-100002');
  await expect(page.getByTestId('user-menu')).toContainText('Mikko Korhonen');
  await expect(page.getByTestId('acting-banner')).toContainText('Mikko Korhonen (LUMO-100002)');
  await expectAccessible(page);
  await keepScreenshot(page, 'staff-acting-dashboard', { fullPage: false });
});

test('a company representative sees the company, not themself, in the header and the page headings', async ({ page, context }) => {
  await chooseLanguage(context, 'en-GB', 'virmalise');
  await page.goto(siteUrl('virmalise', '/dashboard'));
  await signInWithEid(page, 'en-GB', 'Mari-Liis Männik', 'Smart-ID');
  await expect(page).toHaveURL(siteUrl('virmalise', '/dashboard'));
  await dropConsentBanner(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Kase Kodu OÜ/ }).click();
  await expect(page.getByRole('button', { name: 'Account menu for Mari-Liis Männik, acting for Kase Kodu OÜ' })).toHaveText('Kase Kodu OÜ');
  await expect(page.getByTestId('page-customer')).toHaveText('Kase Kodu OÜ · customer VE-700201');
  await page.getByRole('banner').getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page.getByTestId('page-customer')).toHaveText('Kase Kodu OÜ · customer VE-700201');
});

test('a signed-in person who opens the sign-in page goes on to where it would have taken them, and the shell works by keyboard', async ({
  page,
}) => {
  await page.goto(siteUrl('lumo', '/auth/signin'));
  await page.getByRole('button', { name: text('fi-FI', 'cookie-consent.reject-all') }).click();
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  await signInWithEid(page, 'fi-FI', 'Mikko Korhonen', 'Nordea');
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
  await page.goto(siteUrl('lumo', '/auth/signin?callbackUrl=%2Finvoices%3Ftype%3Dunpaid'));
  await expect(page).toHaveURL(siteUrl('lumo', '/invoices?type=unpaid'));
  await page.goto(siteUrl('lumo', '/auth/signin'));
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));

  // The shell works by keyboard: the skip link, the account menu and its way back.
  await page.goto(siteUrl('lumo', '/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: text('fi-FI', 'app.skip-to-content') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: text('fi-FI', 'user-menu.sign-out') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeFocused();
});

test('a page that does not exist answers 404 and shows the not-found page; the pages that do answer 200', async ({ page }) => {
  const missing = await page.goto(siteUrl('lumo', '/no-such-page'));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: text('fi-FI', 'not-found.title') })).toBeVisible();
  for (const path of ['/', '/dashboard', '/invoices', '/contracts', '/charts', '/staff', '/landing', '/auth/signin']) {
    expect((await page.goto(siteUrl('lumo', path)))?.status(), path).toBe(200);
  }
});

test('an error notification stays clear of the language switcher and the account menu, on desktop and phone', async ({ page }) => {
  await page.route('**/api/dashboard/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ name: 'InternalServerError', statusCode: 500 }) }),
  );
  await page.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(page, 'fi-FI', 'Aino Virtanen', 'OP');
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
  await dropConsentBanner(page);
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const toast = page.getByRole('alert').first();
    await expect(toast).toBeVisible();
    const shown = (await toast.boundingBox())!;
    const controls = [page.getByTestId('user-menu')];
    if (width > 600) controls.push(page.getByRole('group', { name: text('fi-FI', 'language.label') }));
    for (const control of controls) {
      await expect(control).toBeVisible();
      expect(overlaps(shown, (await control.boundingBox())!), `at ${width} px`).toBe(false);
    }
  }
});
