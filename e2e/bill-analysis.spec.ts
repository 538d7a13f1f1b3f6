import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { keepScreenshot } from './screenshots.ts';

test('a customer opens an invoice and reads why it differs from last month’s and last year’s bill', async ({ signedInPage }) => {
  const { context, page } = await signedInPage({ person: 'Aino Virtanen', method: 'Nordea', path: '/invoices' });
  const list = page.getByRole('list', { name: 'Invoice list' });
  // The newest invoice: the demo's readings and temperatures reach two years back, so both earlier bills exist.
  const card = list.getByRole('article').first();
  await card.getByRole('button', { name: 'Show details' }).click();
  const section = card.getByRole('region', { name: 'Why is this bill different?' });
  const lastMonth = section.getByRole('region', { name: /^Against last month's bill, \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/ });
  const lastYear = section.getByRole('region', { name: /^Against the same month last year, \d{2}\.\d{2}\.\d{4}/ });
  for (const comparison of [lastMonth, lastYear]) {
    await expect(comparison.getByText(/^This bill is (€[\d,.]+ (more|less) than that one|the same as that one)/)).toBeVisible();
    // A sentence per part: the weather and own use (the demo homes heat with electricity), the price, the fees.
    await expect(comparison.getByRole('listitem').filter({ hasText: /^The weather was / })).toBeVisible();
    await expect(comparison.getByRole('listitem').filter({ hasText: /^Apart from the weather, you used / })).toBeVisible();
    await expect(comparison.getByRole('listitem').filter({ hasText: /^The price per kWh was / })).toBeVisible();
    const waterfall = comparison.getByRole('table', { name: 'How the change adds up (VAT included)' });
    await expect(waterfall.getByRole('rowheader')).toHaveText([
      'Earlier bill',
      'Weather',
      'Own use',
      'Price per kWh',
      'Monthly fees',
      'This bill',
    ]);
  }
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, 'bill-analysis-desktop', { element: section });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(lastMonth.getByRole('table')).toBeVisible();
  await keepScreenshot(page, 'bill-analysis-phone', { element: section });
  await expectAccessible(page);
  await context.close();
});
