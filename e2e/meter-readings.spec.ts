import type { MeterReadingList } from '../packages/schema/src/meter-readings.ts';
import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { keepScreenshot } from './screenshots.ts';
import { text } from './texts.ts';

const LV = 'lv-LV';
const register = (value: string) => new Intl.NumberFormat(LV, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(value));

test('daugava: Anna enters her heat meter’s reading under the chart and sees it in the list (decision 112)', async ({ page, signedIn }) => {
  test.setTimeout(120_000);
  await signedIn({ site: 'daugava', locale: LV, person: 'Anna Bērziņa', method: 'eParaksts', path: '/charts' });

  const card = page.getByRole('region', { name: text(LV, 'meterReadings.title') });
  const history = card.getByRole('table', { name: text(LV, 'meterReadings.history') });
  // The seeded history: the utility's readings of the last months.
  await expect(history.getByRole('row').nth(1)).toContainText(text(LV, 'meterReadings.status.CURRENT'), { timeout: 30_000 });
  const listed = await page.evaluate(
    async () => (await fetch('/api/meter-readings?meteringPointId=mp-ds-anna-heat')).json() as Promise<unknown>,
  );
  const last = (listed as MeterReadingList).readings.find((reading) => reading.status === 'CURRENT')!;
  const [whole, fraction] = last.value.split('.');
  const next = ((Number(whole) * 1000 + Number(fraction) + 123) / 1000).toFixed(3);

  await card.getByRole('textbox', { name: text(LV, 'meterReadings.value') }).fill(next);
  await card.getByRole('button', { name: text(LV, 'meterReadings.submit') }).click();
  await expect(page.getByText(text(LV, 'meterReadings.sent'))).toBeVisible();
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
