import type { Page } from '@playwright/test';
import { formatDay } from '../packages/schema/src/calendar-dates.ts';
import type { MeterReadingList } from '../packages/schema/src/meter-readings.ts';
import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { keepScreenshot } from './screenshots.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

const LV = 'lv-LV';
const register = (value: string) => new Intl.NumberFormat(LV, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(value));
/** A register value plus `thousandths` of its unit, as the register's decimal. */
const plus = (value: string, thousandths: number) => {
  const [whole, fraction] = value.split('.');
  return ((Number(whole) * 1000 + Number(fraction) + thousandths) / 1000).toFixed(3);
};
const listOf = async (page: Page) =>
  (await page.evaluate(
    async () => (await fetch('/api/meter-readings?meteringPointId=mp-ds-anna-heat')).json() as Promise<unknown>,
  )) as MeterReadingList;

test('daugava: Anna enters her heat meter’s reading under the chart and sees it in the list (decision 112)', async ({ page, signedIn }) => {
  test.setTimeout(120_000);
  await signedIn({ site: 'daugava', locale: LV, person: 'Anna Bērziņa', method: 'eParaksts', path: '/charts' });

  const card = page.getByRole('region', { name: text(LV, 'meterReadings.title') });
  const history = card.getByRole('table', { name: text(LV, 'meterReadings.history') });
  // The seeded history: the utility's readings of the last months.
  await expect(history.getByRole('row').nth(1)).toContainText(text(LV, 'meterReadings.status.CURRENT'), { timeout: 30_000 });
  const listed = await listOf(page);
  const last = listed.readings.find((reading) => reading.status === 'CURRENT')!;
  const next = plus(last.value, 123);

  // Decision 130: a reading for the earliest day the window offers, just above the reading before that day.
  const { from } = listed.entryWindow;
  const before = listed.readings.find((reading) => reading.status === 'CURRENT' && reading.readOn <= from)!;
  const past = plus(before.value, 1);
  const day = card.getByRole('textbox', { name: text(LV, 'meterReadings.readOn') });
  await day.fill(formatDay(from));
  await day.press('Tab');
  await card.getByRole('textbox', { name: text(LV, 'meterReadings.value') }).fill(past);
  await card.getByRole('button', { name: text(LV, 'meterReadings.submit') }).click();
  const pastRow = history.getByRole('row').filter({ hasText: register(past) });
  await expect(pastRow).toHaveCount(1);
  await expect(pastRow).toContainText(formatDay(from));
  // The form is back at today for the next reading.
  await expect(day).toHaveValue(formatDay(listed.entryWindow.to));

  await card.getByRole('textbox', { name: text(LV, 'meterReadings.value') }).fill(next);
  await card.getByRole('button', { name: text(LV, 'meterReadings.submit') }).click();
  await expect(page.getByText(text(LV, 'meterReadings.sent')).first()).toBeVisible();
  // Found by its value, not its place: on the first day of a month the utility's reading of that day shares its date.
  const entered = history.getByRole('row').filter({ hasText: register(next) });
  await expect(entered).toHaveCount(1);
  await expect(entered).toContainText(text(LV, 'meterReadings.source.self'));
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, 'meter-readings-desktop');

  // A lower value offers "the meter was changed"; the page passes axe-core on a phone too.
  await card.getByRole('textbox', { name: text(LV, 'meterReadings.value') }).fill('1');
  const changed = card.getByRole('checkbox', { name: text(LV, 'meterReadings.meterChanged') });
  await expect(changed).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, 'meter-readings-phone');
});

test('daugava: customer service acting for Anna stores a reading the checks refused, with a reason she sees (decision 130)', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInPage({
    site: 'daugava',
    locale: LV,
    person: 'Līga Kalniņa',
    method: 'eParaksts',
    path: '/staff',
  });
  const search = page.getByRole('search', { name: text(LV, 'staff.search.label') });
  await search.getByRole('searchbox', { name: text(LV, 'staff.search.field') }).fill('Anna Bērziņa');
  await search.getByRole('searchbox', { name: text(LV, 'staff.search.field') }).press('Enter');
  await page
    .getByRole('list', { name: text(LV, 'staff.results.label') })
    .getByRole('button', { name: /Anna Bērziņa/ })
    .first()
    .click();
  await page.getByRole('button', { name: text(LV, 'staff.card.act').replace('{name}', 'Anna Bērziņa') }).click();
  await expect(page).toHaveURL(siteUrl('daugava', '/dashboard'));
  await page.goto(siteUrl('daugava', '/charts'));

  const card = page.getByRole('region', { name: text(LV, 'meterReadings.title') });
  const history = card.getByRole('table', { name: text(LV, 'meterReadings.history') });
  await expect(history.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  const last = (await listOf(page)).readings.find((reading) => reading.status === 'CURRENT')!;
  // 100 MWh more than the last reading today: far over what a heat meter can count in a day.
  const high = plus(last.value, 100_000);
  await card.getByRole('textbox', { name: text(LV, 'meterReadings.value') }).fill(high);
  await card.getByRole('button', { name: text(LV, 'meterReadings.submit') }).click();
  const offer = card.getByTestId('meter-reading-override');
  await expect(offer).toContainText(text(LV, 'meterReadings.override.title'));
  await offer
    .getByRole('textbox', { name: text(LV, 'meterReadings.override.reason') })
    .fill('Klients atsūtīja skaitītāja fotoattēlu; rādījums ir pareizs');
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await keepScreenshot(page, 'meter-readings-override');
  await offer.getByRole('button', { name: text(LV, 'meterReadings.override.submit') }).click();
  const stored = history.getByRole('row').filter({ hasText: register(high) });
  await expect(stored).toHaveCount(1);
  await expect(stored).toContainText(text(LV, 'meterReadings.override.badge'));
  await expect(stored).toContainText('Klients atsūtīja skaitītāja fotoattēlu');
  await expect(offer).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});
