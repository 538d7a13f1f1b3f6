import { readFile } from 'node:fs/promises';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { collectCspViolations } from './browser-console.ts';
import { siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

test('lumo: a customer finds her contracts from the dashboard, reads the prices and has invoices sent by post', async ({
  page,
  signedIn,
}) => {
  const cspViolations = collectCspViolations(page);
  await signedIn({ person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });

  await page
    .getByRole('region', { name: 'Quick actions' })
    .getByRole('link', { name: /Contracts/ })
    .click();
  await expect(page).toHaveURL(siteUrl('lumo', '/contracts'));
  await dropConsentBanner(page);
  const list = page.getByRole('list', { name: 'Contract list' });
  const current = list.getByRole('article', { name: 'Lumo Pörssi' });
  await expect(current).toBeVisible();
  await expect(current.getByText('Active')).toBeVisible();
  await expect(current.getByText('Kuusikallionkuja 7, 02210 Espoo')).toBeVisible();
  await expectAccessible(page);

  // The contract PDF arrives under the server's file name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    current.getByRole('button', { name: 'Download PDF, contract LE-2024-100731' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Contract LE-2024-100731.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  await current.getByRole('button', { name: 'Prices and billing' }).click();
  const prices = current.getByRole('table');
  await expect(prices.getByRole('row', { name: /Margin on the spot price/ })).toContainText('0.49 c/kWh');
  await expect(prices.getByRole('row', { name: /Monthly fee/ })).toContainText('€3.95/month');
  await expect(current.getByText('By e-mail')).toBeVisible();
  await expectAccessible(page);

  await current.getByRole('button', { name: 'Change how invoices are sent' }).click();
  const dialog = page.getByRole('dialog', { name: /How invoices of contract LE-2024-100731 are sent/ });
  await dialog.getByRole('combobox', { name: 'Send invoices' }).click();
  await page.getByRole('option', { name: 'By post' }).click();
  await dialog.getByRole('textbox', { name: 'Postal address' }).fill('Kuusikallionkuja 7, 02210 Espoo');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Invoices of contract LE-2024-100731 are now sent the new way.')).toBeVisible();
  await expect(current.getByText('By post')).toBeVisible();

  // The contract before the readings began is kept under the ended ones.
  await page.locator('label', { hasText: /^Ended/ }).click();
  await expect(list.getByRole('article', { name: 'Lumo Perus' }).getByText('Ended')).toBeVisible();

  await expectAccessibleInEveryLook(page, 'contracts', { ready: () => expect(list.getByRole('article').first()).toBeVisible() });
  expect(cspViolations).toEqual([]);
});
