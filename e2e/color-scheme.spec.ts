import { expect, test } from './test.ts';
import { siteUrl } from './sites.ts';

test('a dark-theme site follows a dark device until the person picks a scheme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(siteUrl('virmalise', '/'));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.getByRole('button', { name: 'Värviskeem' }).click();
  await page.getByRole('menuitem', { name: 'Hele' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'color-scheme')?.value).toBe('light');
  expect(cookies.find((cookie) => cookie.name === 'color-scheme-override')?.value).toBe('true');

  // The server paints the chosen scheme first on the next visit, device preference notwithstanding.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await context.close();
});

test('a site without the dark-theme feature stays light on a dark device and offers no choice', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  await context.addCookies([
    { name: 'color-scheme', value: 'dark', url: siteUrl('daugava') },
    { name: 'color-scheme-override', value: 'true', url: siteUrl('daugava') },
  ]);
  const page = await context.newPage();
  await page.goto(siteUrl('daugava', '/'));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('button', { name: 'Krāsu režīms' })).toHaveCount(0);
  await context.close();
});
