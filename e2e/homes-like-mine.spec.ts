import type { Page } from '@playwright/test';
import type { HomesComparison } from '../packages/schema/src/homes-comparison.ts';
import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { keepScreenshot } from './screenshots.ts';
import { text } from './texts.ts';

const FI = 'fi-FI';

const compare = (page: Page, meteringPointId: string) =>
  page.evaluate(
    async (id) => (await fetch(`/api/usage-points/homes-comparison?meteringPointId=${id}`)).json() as Promise<unknown>,
    meteringPointId,
  ) as Promise<HomesComparison>;

test("lumo: Aino compares her house's last twelve months with 48 detached heat-pump houses under the chart (decision 123)", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await signedIn({ locale: FI, person: 'Aino Virtanen', method: 'OP', path: '/charts?mp=mp-lumo-aino-el' });

  const card = page.getByRole('region', { name: text(FI, 'charts.homes.title') });
  await expect(card.getByTestId('homes-comparison-group')).toBeVisible({ timeout: 30_000 });
  const answer = await compare(page, 'mp-lumo-aino-el');
  expect(answer).toMatchObject({ status: 'available', group: { homeKind: 'detached', homes: 48, widened: false } });
  // The group in words, and a row of figures for each of the twelve months.
  const group = card.getByTestId('homes-comparison-group');
  await expect(group).toContainText(text(FI, 'charts.homes.kinds.detached'));
  await expect(group).toContainText(text(FI, 'charts.homes.size.150-200'));
  await expect(group).toContainText('48');
  const table = card.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('columnheader', { name: text(FI, 'charts.homes.median') })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, 'homes-like-mine', { element: card });

  // The form to correct the home's details opens from the card, keyboard first, and passes axe-core too.
  await card.getByRole('button', { name: text(FI, 'charts.homes.form.edit') }).click();
  await expect(card.getByRole('combobox', { name: text(FI, 'charts.homes.form.kind') })).toBeVisible();
  await expectAccessible(page);
});

test("lumo: Mikko's summer cottage has too few holiday homes beside it, and the card says so without a figure", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await signedIn({ locale: FI, person: 'Mikko Korhonen', method: 'OP', path: '/charts?mp=mp-lumo-mikko-cottage-el' });

  const card = page.getByRole('region', { name: text(FI, 'charts.homes.title') });
  await expect(card.getByTestId('homes-comparison-too-few')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('homes-comparison-too-few')).toContainText(text(FI, 'charts.homes.kinds.holiday-home'));
  await expect(card.getByRole('table')).toHaveCount(0);
  expect(await compare(page, 'mp-lumo-mikko-cottage-el')).toMatchObject({ status: 'too-few-homes', months: [], group: { homes: null } });
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page);
});

test('daugava: Anna’s district-heated flat compares its heat with 20 flats of its own description (decision 131)', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  const LV = 'lv-LV';
  await signedIn({ site: 'daugava', locale: LV, person: 'Anna Bērziņa', method: 'eParaksts', path: '/charts?mp=mp-ds-anna-heat' });

  const card = page.getByRole('region', { name: text(LV, 'charts.homes.title') });
  const group = card.getByTestId('homes-comparison-group');
  await expect(group).toBeVisible({ timeout: 30_000 });
  expect(await compare(page, 'mp-ds-anna-heat')).toMatchObject({
    status: 'available',
    group: { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80', homes: 20, widened: false },
  });
  await expect(group).toContainText(text(LV, 'charts.homes.kinds.apartment'));
  await expect(group).toContainText(text(LV, 'charts.homes.size.50-80'));
  await expect(group).toContainText('20');
  await expect(card.getByRole('table').getByRole('row')).toHaveCount(13);
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page);
});
