import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { collectCspViolations } from './browser-console.ts';
import { siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';
import { keepScreenshot } from './screenshots.ts';

// Each journey checks one page in both schemes on a desktop and a phone: more than the default minute.
test.describe.configure({ timeout: 200_000 });

/** A day `days` from today on Lumo's clock (Europe/Helsinki), as the portal writes it: DD.MM.YYYY. */
function helsinkiDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const [year, month, date] = day.toISOString().slice(0, 10).split('-');
  return `${date}.${month}.${year}`;
}

/** The local signing service's page: the signer confirms with their e-ID method and signs. */
async function signAtLocalService(page: Page, signer: string, method: string) {
  await expect(page).toHaveURL(/\/signing-service\/[\w-]+$/);
  await expect(page.getByText(signer)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Sign the document' }).click();
}

test('lumo: a private customer signs a new contract at a new address, restores the draft after a reload and keeps the signed PDF', async ({
  page,
  signedIn,
}) => {
  const cspViolations = collectCspViolations(page);
  const startDay = helsinkiDay(5);
  await signedIn({ person: 'Mikko Korhonen', method: 'OP', path: '/contracts' });
  await page.getByRole('link', { name: 'Sign a new contract' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/contracts/sign'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign a new contract' })).toBeVisible();
  await expectAccessible(page);
  await expectAccessibleInEveryLook(page, 'sign-start', {
    ready: () => expect(page.getByRole('combobox', { name: 'Street and house number' })).toBeVisible(),
    skip: [{ viewport: 'desktop', scheme: 'light' }],
  });

  // The place: found in the grid by street and number, which tells a stranger only what the meter shows.
  await page.getByRole('combobox', { name: 'Street and house number' }).fill('Kalevank');
  await page.getByRole('option', { name: 'Kalevankatu 31 A 5, 00100 Helsinki' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('radio', { name: /Kalevankatu 31 A 5, 00100 Helsinki/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Each product beside what Mikko's own last twelve months would have cost under it and what he paid (decision 120):
  // the new place is not his, so his first point of the utility is priced, and named.
  await expect(page.getByText(/^Priced on your own use at Hämeenkatu 21 B 14, 33200 Tampere from \d\d\.\d\d\.\d{4} to/)).toBeVisible();
  for (const name of ['Lumo Kiinteä 12 kk', 'Lumo Pörssi']) {
    await expect(page.getByRole('radio', { name })).toHaveAccessibleDescription(
      /(Your last 12 months|Your use since [\d.]+) would have cost €[\d,]+\.\d\d \(you paid €[\d,]+\.\d\d( for \d+ of these \d+ months?)?\)/,
    );
  }
  await expect(page.getByText('Cheapest for you').first()).toBeVisible();
  // In the dark here, in the light after the reload below.
  await expectAccessibleInEveryLook(page, 'sign-product-costs', { viewports: ['desktop'], schemes: ['dark'] });
  await page.getByRole('radio', { name: 'Lumo Kiinteä 12 kk' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const filledAt = await page.evaluate(() => Date.now());
  await page.getByRole('textbox', { name: /Supply starts/ }).fill(startDay);
  await page.keyboard.press('Escape');

  // A reload offers the encrypted draft back, on the step it was left at: once a draft kept after the start day was
  // typed is stored (an earlier one, of the place or the product, may still sit there on a slow machine).
  await page.waitForFunction(
    (after) =>
      Object.entries(sessionStorage).some(
        ([key, value]) => key.startsWith('form-draft:contract-sign:') && Date.parse(JSON.parse(value).savedAt) >= after,
      ),
    filledAt,
  );
  await page.reload();
  await dropConsentBanner(page);
  const draft = page.getByRole('dialog', { name: 'Continue where you left off?' });
  await expect(draft).toBeVisible();
  await draft.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('textbox', { name: /Supply starts/ })).toHaveValue(startDay);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Cheapest for you').first()).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'sign-product-costs-light');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('textbox', { name: /Supply starts/ })).toHaveValue(startDay);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('radio', { name: 'E-mail' }).check();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('mikko.korhonen@example.fi');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('mikko.korhonen@example.fi');
  // A co-owner signs along: a code that is no henkilötunnus is refused in the reader's language before anything is
  // sent; one pasted from a document, with no-break spaces and an en dash, is taken and shown in its written form.
  await page.getByRole('checkbox', { name: 'A co-owner signs along' }).check();
  await page.getByRole('textbox', { name: 'Co-owner’s name' }).fill('Maija Mäkinen');
  const coOwnerCode = page.getByRole('textbox', { name: /Co-owner’s personal code/ });
  await coOwnerCode.fill('131052-308U');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter the co-owner’s valid personal code, as on their ID')).toBeVisible();
  await coOwnerCode.fill('131052\u00a0\u2013\u00a0308t');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();

  const summary = page.getByRole('table', { name: 'Your new contract' });
  await expect(summary.getByRole('row', { name: /Co-owner/ })).toContainText('Maija Mäkinen (131052-308T)');
  await expect(summary.getByRole('row', { name: /Place/ })).toContainText('Kalevankatu 31 A 5, 00100 Helsinki');
  await expect(summary.getByRole('row', { name: /Supply starts/ })).toContainText(startDay);
  await page.getByRole('checkbox', { name: /I have read the contract terms/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign the contract' }).click();

  await signAtLocalService(page, 'Mikko Korhonen', 'OP');
  await expect(page).toHaveURL(/\/contracts\/sign\/confirmation\?signingToken=/);
  await expect(page.getByText('Contract signed')).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('form-draft:contract-sign:')))).toEqual([]);

  // The signed PDF, read back: its signature dictionary is there.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save the signed contract' }).click();
  const file = await readFile(await (await download).path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.toString('latin1')).toMatch(/\/ByteRange \[0 \d+ \d+ \d+\]/);
  expect(file.toString('latin1')).toMatch(/\/Contents <[0-9a-fA-F]+>/);

  await expectAccessibleInEveryLook(page, 'sign-confirmation', { ready: () => expect(page.getByText('Contract signed')).toBeVisible() });
  await page.getByRole('link', { name: 'To your contracts' }).click();
  await dropConsentBanner(page);
  const signed = page.getByRole('list', { name: 'Contract list' }).getByRole('article', { name: 'Lumo Kiinteä 12 kk' });
  await expect(signed.getByText('Kalevankatu 31 A 5, 00100 Helsinki')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('virmalise: a company representative renews through an offer and signs it', async ({ page, signedIn }) => {
  await signedIn({ site: 'virmalise', person: 'Mari-Liis Männik', method: 'Smart-ID', path: '/contracts' });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Kase Kodu OÜ/ }).click();
  await expect(page.getByTestId('page-customer')).toHaveText('Kase Kodu OÜ · customer VE-700201');

  await page.getByRole('link', { name: 'See your offer for contract VE-E-2024-007702' }).click();
  await expect(page).toHaveURL(/\/contracts\/[^/]+\/offer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your renewal offer' })).toBeVisible();
  await expectAccessibleInEveryLook(page, 'offer', { ready: () => expect(page.getByRole('region', { name: 'Offered' })).toBeVisible() });
  await page.getByRole('radio', { name: 'Virmalise Fix 24' }).check();
  await expect(page.getByRole('region', { name: 'Now' })).toContainText('Virmalise Päev/Öö');
  await expect(page.getByRole('region', { name: 'Offered' })).toContainText('Virmalise Fix 24');
  await expect(page.getByText(/A year of your use/).first()).toBeVisible();
  // Estonia: the first of a month, registered 21 days ahead; the first one offered.
  await page.getByRole('combobox', { name: 'The new contract starts' }).click();
  await page.getByRole('option').first().click();

  await page.getByRole('button', { name: 'Accept and sign' }).click();
  await signAtLocalService(page, 'Mari-Liis Männik', 'Smart-ID');
  await expect(page).toHaveURL(/\/offer\/confirmation\?signingToken=/);
  await expect(page.getByText('Contract signed')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'To your contracts' }).click();
  const renewed = page.getByRole('list', { name: 'Contract list' }).getByRole('article', { name: 'Virmalise Päev/Öö' });
  await expect(renewed.getByText('Ending')).toBeVisible();
});
