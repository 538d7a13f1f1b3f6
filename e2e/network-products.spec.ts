import type { Page } from '@playwright/test';
import type { ContractSummary } from '../packages/schema/src/contracts.ts';
import type { PowerPeaks } from '../packages/schema/src/energy.ts';
import type { NetworkProducts } from '../packages/schema/src/network-products.ts';
import { addDays, addMonths, formatDay, monthStart, todayIn } from '../packages/schema/src/calendar-dates.ts';
import { formatUnit } from '../packages/schema/src/units.ts';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { text } from './texts.ts';

const FI = 'fi-FI';

/** A text of the bundle with its ICU arguments filled in, as the page writes it. */
const filled = (key: string, values: Record<string, string>) =>
  Object.entries(values).reduce((message, [name, value]) => message.replaceAll(`{${name}}`, value), text(FI, key));

/** Euros as the Finnish page writes them ("321,38 €", a no-break space before the sign). */
const euros = (cents: number) => new Intl.NumberFormat(FI, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A call the page's own script could make (same origin, its session): the browser resolves *.localhost, Node does not. */
const fromPage = <T>(page: Page, path: string, method: 'GET' | 'POST' = 'GET') =>
  page.evaluate(async ([url, verb]) => (await fetch(url, { method: verb })).json(), [path, method] as const) as Promise<T>;

test("kallio: Aino's household sees its power peak, compares the network products over its own year, changes once and is refused a second change (decision 127)", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(180_000);
  const takesEffect = monthStart(todayIn('Europe/Helsinki'), 1);
  await signedIn({ site: 'kallio', locale: FI, person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });

  // The month's peak on the dashboard, the hour Tehosiirto's power charge is set by (decision 119).
  const card = page.getByRole('region', { name: text(FI, 'dashboard.power.title') });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const [peak] = (await fromPage<PowerPeaks>(page, '/api/dashboard/power-peaks')).peaks;
  const peakText = peak!.startsAt === null ? text(FI, 'dashboard.power.none') : formatUnit(peak!.kw, 'kW', FI, { min: 0, max: 3 });
  await expect(card).toContainText(peakText);

  // A retry of this journey finds the world as the first attempt left it: a change it made is cancelled first.
  const grid = (await fromPage<ContractSummary[]>(page, '/api/contracts')).find(
    (contract) => contract.type === 'GridContract' && contract.contractNumber === 'KV-2024-400731',
  )!;
  if ((await fromPage<NetworkProducts>(page, `/api/contracts/${grid.id}/network-products`)).pending) {
    await fromPage(page, `/api/contracts/${grid.id}/network-product-change/cancel`, 'POST');
  }

  // From the dashboard to her contracts, and from the grid contract's card to its network products.
  await page.getByRole('link', { name: new RegExp(text(FI, 'quick-actions.contracts.title')) }).click();
  const contractCard = page.getByRole('article', { name: 'Tehosiirto' });
  await contractCard.getByRole('link', { name: filled('contracts.network-product.label', { number: 'KV-2024-400731' }) }).click();
  await expect(page).toHaveURL(/\/contracts\/[^/]+\/network-product$/);
  await expect(page.getByRole('heading', { level: 1, name: text(FI, 'network-product.title') })).toBeVisible();

  // The peak again, above what each product would have made of her last twelve months, beside what she paid.
  await expect(page.getByRole('region', { name: text(FI, 'dashboard.power.title') })).toContainText(peakText);
  const answer = await fromPage<NetworkProducts>(page, `/api/contracts/${grid.id}/network-products`);
  expect(answer.products.map((product) => product.name)).toEqual(['Kausisiirto', 'Tehosiirto', 'Yleissiirto', 'Yösiirto']);
  expect(answer.costs!.months).toBe(12);
  const cheapest = Math.min(...answer.costs!.products.map((row) => row.costCents));
  for (const product of answer.products) {
    const row = answer.costs!.products.find((cost) => cost.productId === product.id)!;
    const article = page.getByRole('article', { name: product.name });
    await expect(article).toContainText(filled('signing.product.cost.year', { cost: euros(row.costCents) }));
    // What she paid: all twelve months, or fewer while last month's invoice is still to come (the page says how many).
    await expect(article).toContainText(euros(row.paidCents));
    await expect(article.getByText(text(FI, 'signing.product.cost.current'))).toHaveCount(product.name === 'Tehosiirto' ? 1 : 0);
    await expect(article.getByText(text(FI, 'signing.product.cost.cheapest'))).toHaveCount(row.costCents === cheapest ? 1 : 0);
  }
  await expect(page.getByText(filled('network-product.rule.now', { date: formatDay(takesEffect) }))).toBeVisible();
  await expectAccessibleInEveryLook(page, 'network-products', {
    ready: () => expect(page.getByRole('article', { name: 'Yleissiirto' })).toBeVisible(),
  });

  // The change, by keyboard: the product's button, then the dialog's confirmation.
  await page.getByRole('button', { name: filled('network-product.choose', { product: 'Yleissiirto' }) }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: filled('network-product.confirm.title', { product: 'Yleissiirto' }) });
  await expect(dialog).toContainText(formatDay(addMonths(takesEffect, 12)));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: text(FI, 'network-product.confirm.submit') }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  // Pending: from the first of next month, the contract in force running to the day before.
  const pendingTitle = filled('network-product.pending.title', { product: 'Yleissiirto', date: formatDay(takesEffect) });
  await expect(page.getByText(pendingTitle, { exact: true })).toBeVisible();
  await expect(
    page.getByText(filled('network-product.pending.body', { current: 'Tehosiirto', end: formatDay(addDays(takesEffect, -1)) })),
  ).toBeVisible();
  await expect(page.getByText(filled('network-product.rule.next', { date: formatDay(addMonths(takesEffect, 12)) }))).toBeVisible();

  // A second change is refused, saying when the next one may take effect.
  await page.getByRole('button', { name: filled('network-product.choose', { product: 'Yösiirto' }) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(FI, 'network-product.confirm.submit') })
    .click();
  await expect(page.getByText(text(FI, 'network-product.refused.title'))).toBeVisible();
  await expect(
    page.getByText(filled('network-product.refused.body', { last: formatDay(takesEffect), next: formatDay(addMonths(takesEffect, 12)) })),
  ).toBeVisible();
  await expect(page.getByText(text(FI, 'errors.codes.NETWORK_PRODUCT_CHANGED_RECENTLY'))).toBeVisible();
  await expectAccessibleInEveryLook(page, 'network-products-pending', {
    ready: () => expect(page.getByText(pendingTitle, { exact: true })).toBeVisible(),
    viewports: ['desktop'],
  });

  // The contract list shows both contracts of the point: the one ending, and the one to come.
  await page.goto(page.url().replace(/\/contracts\/.*$/, '/contracts'));
  await expect(page.getByRole('article', { name: 'Yleissiirto' })).toContainText(text(FI, 'contracts.status.signed'));
  await expect(page.getByRole('article', { name: 'Tehosiirto' })).toContainText(text(FI, 'contracts.status.ending'));

  // Cancelled before it takes effect, the change leaves Tehosiirto in force as it was.
  await page
    .getByRole('article', { name: 'Tehosiirto' })
    .getByRole('link', { name: filled('contracts.network-product.label', { number: 'KV-2024-400731' }) })
    .click();
  await page.getByRole('button', { name: text(FI, 'network-product.pending.cancel') }).click();
  await expect(page.getByText(filled('network-product.cancelled', { product: 'Tehosiirto' }))).toBeVisible();
  await expect(page.getByText(pendingTitle, { exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: filled('network-product.choose', { product: 'Yleissiirto' }) })).toBeVisible();
});
