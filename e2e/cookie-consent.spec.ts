import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

test.beforeEach(async ({ context }) => {
  // Analytics hosts are outside this machine: answer them locally and count the requests.
  await context.route(/googletagmanager\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

test('the banner asks first, stores the choice in cc_cookie and loads analytics only after consent', async ({ page, context }) => {
  const analyticsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('googletagmanager.com')) analyticsRequests.push(request.url());
  });
  await page.goto(siteUrl('lumo', '/'));
  const banner = page.getByRole('region', { name: 'Käytämme evästeitä' });
  await expect(banner).toBeVisible();
  await expectAccessible(page);
  expect(analyticsRequests).toEqual([]);

  await banner.getByRole('button', { name: 'Hyväksy kaikki' }).click();
  await expect(banner).toBeHidden();
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'cc_cookie');
  // The library adds Secure whenever the page is served over https, as every production site is.
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: new URL(page.url()).protocol === 'https:' });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(181);
  expect(days).toBeLessThanOrEqual(182);
  const record = JSON.parse(decodeURIComponent(cookie!.value));
  expect(record.categories).toEqual(['necessary', 'analytics']);
  expect(record.revision).toBe(1);
  await expect.poll(() => analyticsRequests.some((url) => url.includes('gtag/js?id=G-LUMO2026DEMO'))).toBe(true);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Käytämme evästeitä' })).toHaveCount(0);
});

test('rejecting keeps analytics off; the floating button reopens the preferences', async ({ page, context }) => {
  const analyticsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('googletagmanager.com')) analyticsRequests.push(request.url());
  });
  await page.goto(siteUrl('lumo', '/'));
  await page.getByRole('button', { name: 'Hylkää kaikki' }).click();
  // The library loads with the first answer, and records it.
  await expect(page.getByRole('region', { name: 'Käytämme evästeitä' })).toHaveCount(0);
  const record = JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'cc_cookie')!.value));
  expect(record.categories).toEqual(['necessary']);

  const floating = page.getByRole('button', { name: 'Evästeasetukset' });
  await expect(floating).toHaveCSS('width', '52px');
  await expect(floating).toHaveCSS('border-radius', /52px|50%/);
  await floating.click();
  const preferences = page.getByRole('dialog', { name: 'Evästeasetukset' });
  await expect(preferences).toBeVisible();
  await expectAccessible(page);
  await preferences.getByRole('button', { name: 'Hyväksy valitut' }).click();
  expect(analyticsRequests).toEqual([]);
});

test('a site without a measurement id offers only necessary cookies; a site without the feature shows no banner', async ({ page }) => {
  await page.goto(siteUrl('virmalise', '/'));
  // The banner promises what the site has: necessary cookies, no analytics.
  const banner = page.getByRole('region', { name: text('et-EE', 'cookie-consent.title') });
  await expect(banner).toContainText(text('et-EE', 'cookie-consent.banner-no-analytics'));
  await expect(banner).not.toContainText(text('et-EE', 'cookie-consent.banner-analytics'));
  await page.getByRole('button', { name: 'Halda eelistusi' }).click();
  const preferences = page.getByRole('dialog');
  await expect(preferences.getByRole('button', { name: 'Vajalikud küpsised' })).toBeVisible();
  await expect(preferences.getByRole('button', { name: 'Analüütikaküpsised' })).toHaveCount(0);

  await page.goto(siteUrl('daugava', '/'));
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sīkdatņu iestatījumi' })).toHaveCount(0);
});
