import { readFileSync } from 'node:fs';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { dropConsentBanner } from './consent-banner.ts';

const journeys = [
  { site: 'lumo', person: 'Aino Virtanen', method: 'OP', country: 'Finland' },
  { site: 'virmalise', person: 'Mari-Liis Männik', method: 'Smart-ID', country: 'Estonia' },
  { site: 'daugava', person: 'Jānis Ozoliņš', method: 'eParaksts', country: 'Latvia' },
] as const;

for (const journey of journeys) {
  test(`${journey.site}: dashboard and charts show real numbers; period and resolution change the chart`, async ({ page, signedIn }) => {
    // Two pages in four looks each, checked by axe-core: a minute on a busy machine.
    test.setTimeout(120_000);
    await signedIn({ site: journey.site, person: journey.person, method: journey.method, path: '/dashboard' });

    const chart = page.getByRole('region', { name: 'Your consumption' });
    const consumption = chart.getByRole('img', { name: /consumption: [\d,.]+ kWh/ });
    await expect(consumption).toBeVisible();
    // The chart is drawn once it scrolls into view (decision 105).
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Spot price' })
        .getByText(/c\/kWh/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Expenses' }).getByTestId('expenses-total')).toHaveText(/€/);
    // Daugava's theme has no dark scheme (its sites' features): a dark device sees it light.
    const schemes = journey.site === 'daugava' ? (['light'] as const) : (['light', 'dark'] as const);
    await expectAccessibleInEveryLook(page, `${journey.site}-dashboard`, { schemes, ready: () => expect(consumption).toBeVisible() });

    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Charts' }).click();
    await expect(page).toHaveURL(/\/charts/);
    await dropConsentBanner(page);
    const summary = page.getByTestId('charts-summary');
    // Last month is whole whenever the journey runs; this month has no readings yet in its first hour.
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
    await expect(summary).toContainText('kWh');
    const monthTotal = await summary.textContent();
    const lastMonth = new URL(page.url());

    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
    await expect(summary).not.toHaveText(monthTotal ?? '');

    // The From field alone changes the period: both ends reach the URL, in the picker's DD.MM.YYYY.
    const shown = (await page.getByTestId('charts-period').textContent())!;
    const from = page.getByRole('textbox', { name: 'From' });
    await from.fill(`02${shown.slice(2, 10)}`);
    await from.press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${shown.slice(6, 10)}-${shown.slice(3, 5)}-02`));
    await expect(page).toHaveURL(/to=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('charts-period')).toHaveText(new RegExp(`^02${shown.slice(2, 10).replace(/\./g, '\\.')}`));

    // Download my data (decision 109): the period's readings as Green Button XML and in the country's data hub layout.
    const save = async (item: string) => {
      await page.getByRole('button', { name: 'Download my data' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    };
    const feed = await save('Green Button XML (ESPI)');
    expect(feed.name).toMatch(/_green-button\.xml$/);
    expect(feed.text).toContain('<IntervalBlock xmlns="http://naesb.org/espi">');
    const hub = await save('Data hub CSV');
    expect(hub.name).toMatch(/\.csv$/);
    expect(hub.text.split('\r\n')[0]).toMatch(
      journey.site === 'lumo' ? /^\uFEFFMetering point ID,Product type,/ : /^\uFEFFMeter EIC,Period Start,/,
    );
    expect(hub.text.split('\r\n').length).toBeGreaterThan(24);

    // When I use energy (decision 111): a week of hours; Aino's spot contract also gets the cheapest and dearest hours' shares.
    await expect(page.getByRole('table', { name: 'When I use energy' }).getByRole('row')).toHaveCount(8);
    if (journey.site === 'lumo') await expect(page.getByTestId('usage-pattern-spot')).toContainText('6 cheapest hours');

    await page.locator('label', { hasText: /^Day$/ }).first().click();
    await expect(page.getByRole('img', { name: /by Hour/ })).toBeVisible();
    await page.locator('label', { hasText: /^Table$/ }).click();
    await expect(page.getByRole('table', { name: /by Hour/ }).getByRole('row')).toHaveCount(25);
    await expectAccessible(page);

    await page.goto(lastMonth.href);
    const chartImage = page.getByRole('img', { name: /kWh/ }).first();
    await expectAccessibleInEveryLook(page, `${journey.site}-charts`, { schemes, ready: () => expect(chartImage).toBeVisible() });
  });
}
