import { expect, test } from './test.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

test('switching language keeps path and query, and sticks on the next visit', async ({ page, context }) => {
  await page.goto(siteUrl('lumo', '/no-such-page?period=month&compare=1'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sivua ei löytynyt');
  await page.evaluate(() => window.scrollTo(0, 200));

  await page.getByRole('group', { name: 'Kieli' }).getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('group', { name: 'Språk' }).getByRole('button', { name: 'Svenska' })).toHaveAttribute('aria-current', 'true');
  expect(new URL(page.url()).pathname).toBe('/no-such-page');
  expect(new URL(page.url()).search).toBe('?period=month&compare=1');
  await expect(page).toHaveTitle(/- Mitt Lumo$/);

  const locale = (await context.cookies()).find((cookie) => cookie.name === 'NEXT_LOCALE');
  expect(locale).toMatchObject({ value: 'sv-FI', secure: true, sameSite: 'Lax', path: '/' });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
});

test('the switcher shows two-letter codes on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(siteUrl('daugava', '/'));
  // On a phone the switcher lives in the menu drawer.
  await page.getByRole('button', { name: text('lv-LV', 'nav.open-menu') }).click();
  const group = page.getByRole('group', { name: 'Valoda' });
  await expect(group).toContainText('LV');
  await expect(group).toContainText('RU');
  await group.getByRole('button', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});
