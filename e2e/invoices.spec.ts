import { readFileSync } from 'node:fs';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { collectCspViolations } from './browser-console.ts';
import { text } from './texts.ts';
import { keepScreenshot } from './screenshots.ts';

test('a customer opens invoices, downloads a PDF, postpones an unpaid invoice and pays it through the simulator', async ({
  page,
  signedIn,
}) => {
  const cspViolations = collectCspViolations(page);
  await signedIn({ person: 'Aino Virtanen', method: 'Nordea', path: '/invoices' });

  const list = page.getByRole('list', { name: 'Invoice list' });
  await expect(list.getByRole('article').first()).toBeVisible();
  await expectAccessibleInEveryLook(page, 'invoices', {
    viewports: ['desktop'],
    ready: () => expect(list.getByRole('article').first()).toBeVisible(),
  });

  // The PDF arrives under the server's file name.
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Download PDF' }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^Invoice .+\.pdf$/);

  // A monthly fee reads in euros, as it is paid.
  await list.getByRole('button', { name: 'Show details' }).first().click();
  await expect(list.getByText(/€\d+\.\d{2}\/month/).first()).toBeVisible();

  // Postpone the first unpaid invoice whose due date may still move (only those offer it).
  await page.locator('label[for$="-unpaid"]').click();
  await expect(page).toHaveURL(/type=unpaid/);
  const postponable = list
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Postpone' }) })
    .first();
  // The card's own heading (level 2): its details add headings of their own ("Why is this bill different?").
  const title = (await postponable.getByRole('heading', { level: 2 }).textContent())!;
  // Once postponed it may be postponed no more, so the card is found by its number from here on.
  const card = list.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Postpone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Postpone the due date' });
  // The date picker offers the allowed days only, in weeks from Monday, written DD.MM.YYYY.
  const earliest = /Between (\d{2}\.\d{2}\.\d{4}) and/.exec((await dialog.getByText(/^Between /).textContent())!)![1]!;
  const dateInput = dialog.getByRole('textbox', { name: /New due date/ });
  await dateInput.click();
  // The calendar opens last, in a layer of its own (the invoice rows above are a table too).
  await expect(page.getByRole('table').last().getByRole('columnheader').first()).toHaveText('Mo');
  await expectAccessible(page);
  await dateInput.fill(earliest);
  await dialog.getByRole('button', { name: 'Postpone' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(`Due date: ${earliest}`)).toBeVisible();
  await expect(card.getByText(/Postponed from/)).toBeVisible();
  expect(cspViolations).toEqual([]);

  // Pay it through the local simulator and see it marked paid.
  await card.getByRole('button', { name: /^Pay invoice/ }).click();
  await expect(page).toHaveURL(/\/payment-simulator\//);
  await page.getByRole('button', { name: 'Approve the payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await keepScreenshot(page, 'payment-confirmation', { fullPage: false });
  await page.getByRole('link', { name: 'Back to invoices' }).click();
  await page
    .locator('label[for$="-paid"]')
    .filter({ hasText: /^Paid$/ })
    .click();
  const paid = list.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
});

test('a Latvian customer’s invoices pass axe-core, the pay button named by its own text', async ({ page, signedIn }) => {
  await signedIn({ site: 'daugava', locale: 'lv-LV', person: 'Jānis Ozoliņš', method: 'eParaksts', path: '/invoices' });
  const pay = page
    .getByRole('list')
    .getByRole('button', { name: new RegExp(`^${text('lv-LV', 'invoices.pay')}`) })
    .first();
  await expect(pay).toHaveText(text('lv-LV', 'invoices.pay'));
  await expectAccessible(page);
});

test('a Finnish customer sees how to pay an unpaid invoice and downloads its CSV as Finnish Excel opens it: semicolons, decimal commas', async ({
  page,
  signedIn,
}) => {
  await signedIn({ locale: 'fi-FI', person: 'Aino Virtanen', method: 'Nordea', path: '/invoices?type=unpaid' });
  const list = page.getByRole('list', { name: text('fi-FI', 'invoices.list.label') });
  const card = list.getByRole('article').first();

  // How to pay: the payee's IBAN and the reference with copy buttons (the site's seeded payee details).
  await card.getByRole('button', { name: text('fi-FI', 'invoices.details.show') }).click();
  const how = card.getByRole('region', { name: text('fi-FI', 'invoices.payment.title') });
  await expect(how.getByText('FI21 1234 5600 0007 85 · BIC NDEAFIHH')).toBeVisible();
  await expect(
    how.getByRole('button', {
      name: text('fi-FI', 'invoices.payment.copy').replace('{label}', text('fi-FI', 'invoices.pdf.virtual-barcode')),
    }),
  ).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: text('fi-FI', 'invoices.download.csv') }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = csv.slice(1).trimEnd().split('\r\n');
  expect(header).toBe(
    [
      'invoices.csv.invoice-number',
      'invoices.csv.position',
      'invoices.csv.metering-point',
      'invoices.csv.utility',
      'invoices.csv.component',
      'invoices.csv.quantity',
      'invoices.csv.unit',
      'invoices.csv.unit-price-cents',
      'invoices.csv.net-eur',
      'invoices.csv.vat-rate',
      'invoices.csv.vat-eur',
    ]
      .map((key) => text('fi-FI', key))
      .join(';'),
  );
  // Eleven fields a record; quantities, prices and amounts with a decimal comma; the monthly unit in Finnish. The
  // invoice's rows come first, each with its VAT rate; then one record per VAT line: net, rate and VAT (decision 094).
  const item = /^[^;]+;\d+;\d+;[^;]+;[^;]+;\d+,\d{3};(kWh|kk);-?\d+,\d{5};-?\d+,\d{2};\d+,\d;$/;
  const vatLine = new RegExp(`^[^;]+;;;;${text('fi-FI', 'invoices.csv.vat-line')};;;;-?\\d+,\\d{2};\\d+,\\d;-?\\d+,\\d{2}$`);
  const items = rows.filter((row) => item.test(row));
  const vatLines = rows.filter((row) => vatLine.test(row));
  expect(items.length).toBeGreaterThan(0);
  expect(vatLines.length).toBeGreaterThan(0);
  expect(rows.slice(0, items.length)).toEqual(items);
  expect(items.length + vatLines.length).toBe(rows.length);
});
