import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { dropConsentBanner } from './consent-banner.ts';
import { signInWithEid } from './sign-in.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

/** `dark`: the site has the dark-theme feature (Daugava keeps its pages light). */
const journeys = [
  { site: 'lumo', locale: 'fi-FI', person: 'Aino Virtanen', method: 'OP', company: 'Revontuli Sauna Oy', dark: true },
  { site: 'virmalise', locale: 'et-EE', person: 'Mari-Liis Männik', method: 'Smart-ID', company: 'Kase Kodu OÜ', dark: true },
  { site: 'daugava', locale: 'lv-LV', person: 'Jānis Ozoliņš', method: 'eParaksts', company: 'Ozolu Nami SIA', dark: false },
  { site: 'kallio', locale: 'fi-FI', person: 'Aino Virtanen', method: 'OP', company: 'Revontuli Sauna Oy', dark: true },
] as const;

for (const journey of journeys) {
  test(`${journey.site}: a newcomer is sent to sign in, comes back, acts for a company and signs out`, async ({ page, context }) => {
    await page.goto(siteUrl(journey.site, '/dashboard?period=month'));
    await expect(page).toHaveURL(/\/auth\/signin\?/);
    const signInUrl = new URL(page.url());
    expect(signInUrl.searchParams.get('callbackUrl')).toBe('/dashboard?period=month');
    expect(signInUrl.searchParams.get('error')).toBe('SessionRequired');
    await dropConsentBanner(page);
    await expectAccessible(page);

    await signInWithEid(page, journey.locale, journey.person, journey.method);
    await expect(page).toHaveURL(siteUrl(journey.site, '/dashboard?period=month'));
    const session = (await context.cookies()).find((cookie) => cookie.name === 'authjs.session-token');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });

    const userMenu = page.getByRole('button', { name: new RegExp(journey.person) });
    await userMenu.click();
    await page.getByRole('menuitem', { name: new RegExp(journey.company) }).click();
    await expect(page.getByRole('button', { name: new RegExp(journey.person) })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(journey.person) }).click();
    await expect(page.getByRole('menuitem', { name: new RegExp(journey.company) })).toHaveAttribute('aria-current', 'true');
    // The walkthrough found the active company's item and the dashboard's links too faint, in dark above all.
    await expectAccessible(page);
    const representative = (await context.cookies()).find((cookie) => cookie.name === 'representative-code');
    expect(representative).toMatchObject({ httpOnly: true, secure: true });
    await page.keyboard.press('Escape');

    if (journey.dark) {
      // The device turns dark: the page follows it in place (spec §4).
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(page.getByRole('region').first()).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: new RegExp(journey.person) }).click();
      await expect(page.getByRole('menuitem', { name: new RegExp(journey.company) })).toHaveAttribute('aria-current', 'true');
      await expectAccessible(page);
      await page.keyboard.press('Escape');
    }

    await page.goto(siteUrl(journey.site, '/auth/signout'));
    await page.getByRole('button', { name: text(journey.locale, 'auth.signout.confirm') }).click();
    await expect(page).toHaveURL(siteUrl(journey.site, '/'));
    expect((await context.cookies()).find((cookie) => cookie.name === 'authjs.session-token')).toBeUndefined();
    await page.goto(siteUrl(journey.site, '/dashboard'));
    await expect(page).toHaveURL(/\/auth\/signin\?/);
  });
}

test('a callback to another site is never followed', async ({ page }) => {
  await page.goto(siteUrl('lumo', '/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F'));
  await signInWithEid(page, 'fi-FI', 'Mikko Korhonen', 'Nordea');
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
});

test('the sign-in and error pages pass axe-core in light and dark', async ({ page }) => {
  for (const path of ['/auth/signin', '/auth/error?error=AccessDenied', '/auth/confirm-request', '/auth/signout']) {
    await page.goto(siteUrl('virmalise', path));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await dropConsentBanner(page);
    await expectAccessibleInEveryLook(page, `virmalise${path.split('?')[0]!.replaceAll('/', '-')}`, { viewports: ['desktop'] });
  }
});
