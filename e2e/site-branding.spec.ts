import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { collectCspViolations } from './browser-console.ts';
import { dropConsentBanner } from './consent-banner.ts';
import { signInWithEid } from './sign-in.ts';
import { siteUrl } from './sites.ts';

const sites = [
  { site: 'lumo', lang: 'fi', title: 'Oma Lumo', theme: 'aurora', company: 'Lumo Energia Oy' },
  { site: 'virmalise', lang: 'et', title: 'Minu Virmalise', theme: 'baltic', company: 'Virmalise Energia AS' },
  { site: 'daugava', lang: 'lv', title: 'Mans Daugavas Siltums', theme: 'daugava', company: 'Daugavas Siltums SIA' },
  { site: 'kallio', lang: 'fi', title: 'Oma Kallio Verkot', theme: 'granite', company: 'Kallio Verkot Oy' },
] as const;

for (const expected of sites) {
  test(`${expected.site} shows its own brand, title and language`, async ({ page }) => {
    await page.goto(siteUrl(expected.site, '/'));
    await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
    await expect(page.locator('html')).toHaveAttribute('data-theme', expected.theme);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', `/themes/${expected.theme}/favicon.svg`);
    await expect(page.getByRole('link', { name: new RegExp(expected.company) }).first()).toBeVisible();
    await expect(page).toHaveTitle(expected.title);
    await page.goto(siteUrl(expected.site, '/no-such-page'));
    await expect(page).toHaveTitle(new RegExp(`- ${expected.title}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
  });
}

test('home and dashboard pass axe-core in light and dark', async ({ page }) => {
  for (const path of ['/', '/no-such-page']) {
    await page.goto(siteUrl('virmalise', path));
    await page.locator('#main').waitFor();
    // The consent banner is judged on its own in the consent journey.
    await dropConsentBanner(page);
    await expectAccessibleInEveryLook(page, `virmalise${path.replaceAll('/', '-')}`, { viewports: ['desktop'] });
  }
});

test('every site passes axe-core on its home page with its own theme', async ({ page }) => {
  for (const { site } of sites) {
    await page.goto(siteUrl(site, '/'));
    await page.locator('#main').waitFor();
    await dropConsentBanner(page);
    await expectAccessible(page);
  }
});

test('footer links open in a new tab without a referrer and leave out locale-bound links', async ({ page }) => {
  await page.goto(siteUrl('lumo', '/'));
  const footer = page.getByRole('contentinfo');
  const links = footer.getByRole('link');
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noreferrer/);
  }
  await expect(footer.locator('a[href$="/sv/dataskydd"]')).toHaveCount(0);
  await expect(footer.locator('a[href$="/tietosuoja"]')).toHaveCount(1);
});

test('the API reference at /api/docs runs within its content security policy, also after the server has drawn pages', async ({ page }) => {
  // The server's render of these pages loads the parts of the web app that use the schemas: were they copies, their ids
  // would clash with the server's in zod's registry and the reference would fail (decision 136).
  await page.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(page, 'fi-FI', 'Aino Virtanen', 'OP');
  for (const path of ['/charts', '/power-control', '/contracts', '/invoices', '/settings']) {
    expect((await page.goto(siteUrl('lumo', path)))?.status(), path).toBe(200);
  }
  const violations = collectCspViolations(page);
  await page.goto(siteUrl('lumo', '/api/docs/'));
  // The reference renders the whole OpenAPI document in the browser: seconds on a busy two-core machine.
  await expect(page.getByRole('heading', { name: /Energy self-service portal API/ })).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
