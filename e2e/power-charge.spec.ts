import type { PowerPeaks } from '../packages/schema/src/energy.ts';
import { addMonths, monthOf, todayIn } from '../packages/schema/src/calendar-dates.ts';
import { formatUnit } from '../packages/schema/src/units.ts';
import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { keepScreenshot } from './screenshots.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

const FI = 'fi-FI';

test("kallio: Aino's household sees this month's power peak on the dashboard, the hour its power charge is set by (decision 119)", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await signedIn({ site: 'kallio', locale: FI, person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });

  const card = page.getByRole('region', { name: text(FI, 'dashboard.power.title') });
  await expect(card).toBeVisible({ timeout: 30_000 });
  // The card says what the server computed from the same meter as Lumo's: the running month's highest hour.
  const answer = (await page.evaluate(async () => (await fetch('/api/dashboard/power-peaks')).json())) as PowerPeaks;
  expect(answer.peaks).toHaveLength(1);
  const [peak] = answer.peaks;
  expect(peak!.thresholdKw).toBe('8.000');
  if (peak!.startsAt === null) {
    // The first hour of a month, before its first reading.
    await expect(card).toContainText(text(FI, 'dashboard.power.none'));
  } else {
    await expect(card).toContainText(formatUnit(peak!.kw, 'kW', FI, { min: 0, max: 3 }));
    await expect(card).toContainText(text(FI, 'dashboard.power.hour').replace('{time}', '').trim());
  }
  await expectAccessible(page);
  await keepScreenshot(page, 'kallio-power-peak', { element: card });

  // Last month on Charts: its peak hour as its bill read it, beside the month's energy.
  const lastMonth = monthOf(addMonths(todayIn('Europe/Helsinki'), -1));
  const asked = (await page.evaluate(
    async (month) => (await fetch(`/api/dashboard/power-peaks?month=${month}`)).json(),
    lastMonth.from.slice(0, 7),
  )) as PowerPeaks;
  const lastPeak = asked.peaks[0]!;
  expect(lastPeak.startsAt).not.toBeNull();
  await page.goto(siteUrl('kallio', `/charts?mp=${lastPeak.meteringPointId}&from=${lastMonth.from}&to=${lastMonth.to}`));
  const summary = page.getByTestId('charts-summary');
  await expect(summary).toContainText(text(FI, 'charts.summary.peak'), { timeout: 30_000 });
  await expect(summary).toContainText(formatUnit(lastPeak.kw, 'kW', FI, { min: 0, max: 3 }));
  await keepScreenshot(page, 'kallio-charts-power-peak', { element: summary });
  await expectAccessible(page);

  // On Lumo, where she buys the energy of the same meter, the network's power charge is not hers: no card.
  await signedIn({ site: 'lumo', locale: FI, person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });
  await expect(page.getByRole('region', { name: text(FI, 'dashboard.expenses.title'), exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: text(FI, 'dashboard.power.title') })).toHaveCount(0);
});
