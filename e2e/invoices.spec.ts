import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { siteUrl } from './sites.ts';

test('a customer opens invoices, downloads a PDF, postpones an unpaid invoice and pays it through the simulator', async ({ page, context }, testInfo) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en-GB', url: siteUrl('lumo') }]);
  await page.goto(siteUrl('lumo', '/invoices'));
  await expect(page).toHaveURL(/\/auth\/signin\?/);
  await page.getByRole('button', { name: /e-ID/ }).click();
  await page.getByRole('radio', { name: /Aino Virtanen/ }).check();
  await page.getByRole('radio', { name: 'Nordea' }).check();
  await page.getByRole('button', { name: 'Continue', description: 'Finland' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/invoices'));
  await page.evaluate(() => document.querySelector('#cc-main')?.remove());

  const list = page.getByRole('list', { name: 'Invoice list' });
  await expect(list.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await context.addCookies([
      { name: 'color-scheme', value: scheme, url: siteUrl('lumo') },
      { name: 'color-scheme-override', value: 'true', url: siteUrl('lumo') },
    ]);
    await page.reload();
    await page.evaluate(() => document.querySelector('#cc-main')?.remove());
    await expect(list.getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`invoices-${scheme}.png`), fullPage: true });
  }

  // The PDF arrives under the server's file name.
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Download PDF' }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^Invoice .+\.pdf$/);

  // Postpone the first unpaid invoice whose due date may still move.
  await page.locator('label[for$="-unpaid"]').click();
  await expect(page).toHaveURL(/type=unpaid/);
  const card = list.getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: 'Postpone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Postpone the due date' });
  const dateInput = dialog.getByLabel(/New due date/);
  const earliest = (await dateInput.getAttribute('min'))!;
  await dateInput.fill(earliest);
  await dialog.getByRole('button', { name: 'Postpone' }).click();
  await expect(dialog).toBeHidden();
  const due = `${earliest.slice(8, 10)}.${earliest.slice(5, 7)}.${earliest.slice(0, 4)}`;
  await expect(card.getByText(`Due date: ${due}`)).toBeVisible();
  await expect(card.getByText(/Postponed from/)).toBeVisible();

  // Pay it through the local simulator and see it marked paid.
  await card.getByRole('button', { name: /^Pay invoice/ }).click();
  await expect(page).toHaveURL(/\/payment-simulator\//);
  await page.getByRole('button', { name: 'Approve the payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('payment-confirmation.png') });
  await page.getByRole('link', { name: 'Back to invoices' }).click();
  await page.locator('label[for$="-paid"]').filter({ hasText: /^Paid$/ }).click();
  const paid = list.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
});
