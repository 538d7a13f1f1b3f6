import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceAnalysis } from '@portal/schema/invoice-analysis';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildInvoiceDetail, buildInvoiceSummary } from './invoice-factories.ts';
import { InvoicesPage } from './invoices-page.tsx';
import type { InvoicesSearch } from './invoices-search.ts';

const invoice = buildInvoiceSummary({
  invoiceNumber: 'WHY-2025-12',
  periodStart: '2025-12-01',
  periodEnd: '2025-12-31',
  totalCents: 26299,
});

/** The server test's worked example (invoice-analysis.test.ts): December against November, no bill a year before. */
const analysis: InvoiceAnalysis = {
  current: {
    invoiceNumber: 'WHY-2025-12',
    periodStart: '2025-12-01',
    periodEnd: '2025-12-31',
    kwh: 1860,
    totalCents: 26299,
    fixedChargesCents: 621,
    powerChargeCents: 0,
    energyCents: 25678,
    averagePriceCentsPerKwh: '13.805',
    degreeDays: 620,
  },
  degreeDayBaseCelsius: 17,
  heating: { unavailable: null, days: 66, kwhPerDegreeDay: 2.4, rSquared: 1 },
  comparisons: [
    {
      kind: 'previous-month',
      unavailable: null,
      compared: {
        invoiceNumber: 'WHY-2025-11',
        periodStart: '2025-11-01',
        periodEnd: '2025-11-30',
        kwh: 1440,
        totalCents: 18568,
        fixedChargesCents: 496,
        powerChargeCents: 0,
        energyCents: 18072,
        averagePriceCentsPerKwh: '12.550',
        degreeDays: 450,
      },
      change: {
        totalCents: 7731,
        consumptionCents: 5535,
        priceCents: 2071,
        fixedChargesCents: 125,
        powerChargeCents: 0,
        kwh: 420,
        degreeDays: 170,
        weatherUnavailable: null,
        weatherKwh: 408,
        weatherCents: 5376,
        ownUseKwh: 12,
        ownUseCents: 159,
      },
    },
    { kind: 'same-month-last-year', unavailable: 'NO_INVOICE', compared: null, change: null },
  ],
};

function Harness() {
  const [search, setSearch] = useState<InvoicesSearch>({});
  return <InvoicesPage search={search} onSearchChange={setSearch} />;
}

/** The waterfall's rows as a reader meets them: each row's heading and amount. */
const waterfallRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [within(row).getByRole('rowheader').textContent, row.querySelectorAll('td')[0]!.textContent]);

async function openDetails(answer: InvoiceAnalysis) {
  stubApi({
    'GET /api/invoices': { invoices: [invoice], total: 1 },
    [`GET /api/invoices/${invoice.invoiceNumber}`]: buildInvoiceDetail(invoice),
    [`GET /api/invoices/${invoice.invoiceNumber}/analysis`]: answer,
  });
  await renderWithProviders(<Harness />, { path: '/invoices' });
  await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
  return screen.findByRole('region', { name: 'Why is this bill different?' });
}

describe('why is this bill different', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the change from last month in a sentence per part, with a waterfall whose rows add up', async () => {
    const section = await openDetails(analysis);
    const previous = await within(section).findByRole('region', { name: "Against last month's bill, 01.11.2025 – 30.11.2025" });
    expect(within(previous).getByText('This bill is €77.31 more than that one: €185.68 then, €262.99 now.')).toBeInTheDocument();
    const sentences = within(previous)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(sentences).toEqual([
      'The weather was colder: 170 degree days more, which explains about 408 kWh more: +€53.76.',
      'Apart from the weather, you used 12 kWh more: +€1.59.',
      'The price per kWh was higher (13.81 c/kWh now, 12.55 c/kWh then): +€20.71.',
      'Monthly fees were higher: +€1.25.',
    ]);
    const waterfall = within(previous).getByRole('table', { name: 'How the change adds up (VAT included)' });
    expect(waterfallRows(waterfall)).toEqual([
      ['Earlier bill', '€185.68'],
      ['Weather', '+€53.76'],
      ['Own use', '+€1.59'],
      ['Price per kWh', '+€20.71'],
      ['Monthly fees', '+€1.25'],
      ['This bill', '€262.99'],
    ]);

    const lastYear = within(section).getByRole('region', { name: 'Against the same month last year' });
    expect(within(lastYear).getByText('There is no bill of that month to compare with.')).toBeInTheDocument();
  });

  it('says why the weather’s share is not known, and gives the consumption as one part', async () => {
    const previous = analysis.comparisons[0]!;
    const section = await openDetails({
      ...analysis,
      heating: { unavailable: 'NOT_ENOUGH_DATA', days: 47, kwhPerDegreeDay: null, rSquared: null },
      comparisons: [
        {
          ...previous,
          change: {
            ...previous.change!,
            weatherUnavailable: 'NOT_ENOUGH_DATA',
            weatherKwh: null,
            weatherCents: null,
            ownUseKwh: null,
            ownUseCents: null,
          },
        },
        { kind: 'same-month-last-year', unavailable: 'NO_READINGS', compared: previous.compared, change: null },
      ],
    });
    const last = await within(section).findByRole('region', { name: "Against last month's bill, 01.11.2025 – 30.11.2025" });
    expect(within(last).getByText('You used 420 kWh more: +€55.35.')).toBeInTheDocument();
    expect(
      within(last).getByText(
        'How much of this was the weather cannot be told yet: it takes at least 60 days of readings and temperatures from the past year.',
      ),
    ).toBeInTheDocument();
    const lastYear = within(section).getByRole('region', { name: 'Against the same month last year, 01.11.2025 – 30.11.2025' });
    expect(
      within(lastYear).getByText('There are no meter readings for one of the two periods, so they cannot be compared.'),
    ).toBeInTheDocument();
  });

  it('writes a fall with a minus that stays with its amount, and draws no bar for a part that did not change', async () => {
    const compared = { ...analysis.current, invoiceNumber: 'WHY-2024-12', periodStart: '2024-12-01', periodEnd: '2024-12-31' };
    // The same 1,860 kWh and fee a year earlier, for 6.10 € more: 14.133 c/kWh then.
    const section = await openDetails({
      ...analysis,
      comparisons: [
        analysis.comparisons[0]!,
        {
          kind: 'same-month-last-year',
          unavailable: null,
          compared: { ...compared, totalCents: 26909, energyCents: 26288, averagePriceCentsPerKwh: '14.133' },
          change: {
            totalCents: -610,
            consumptionCents: 0,
            priceCents: -610,
            fixedChargesCents: 0,
            powerChargeCents: 0,
            kwh: 0,
            degreeDays: 0,
            weatherUnavailable: 'POOR_FIT',
            weatherKwh: null,
            weatherCents: null,
            ownUseKwh: null,
            ownUseCents: null,
          },
        },
      ],
    });
    const lastYear = await within(section).findByRole('region', { name: 'Against the same month last year, 01.12.2024 – 31.12.2024' });
    expect(within(lastYear).getByText('This bill is €6.10 less than that one: €269.09 then, €262.99 now.')).toBeInTheDocument();
    expect(within(lastYear).getByText('You used as much energy: €0.00.')).toBeInTheDocument();
    expect(within(lastYear).getByText('The price per kWh was lower (13.81 c/kWh now, 14.13 c/kWh then): \u2212€6.10.')).toBeInTheDocument();
    expect(within(lastYear).getByText('Monthly fees were the same.')).toBeInTheDocument();
    const waterfall = within(lastYear).getByRole('table');
    expect(waterfall.querySelectorAll('[data-kind="none"]')).toHaveLength(2);
    expect(waterfall.querySelectorAll('[data-kind="down"]')).toHaveLength(1);
  });

  it('shows the power charge as a part of its own where one was billed, apart from the price per kWh (decision 119)', async () => {
    // The server test's second worked example: December with a 5 kW power charge of 15.69 €, against November without.
    const previous = analysis.comparisons[0]!;
    const section = await openDetails({
      ...analysis,
      current: { ...analysis.current, totalCents: 27867, powerChargeCents: 1569, energyCents: 25677 },
      heating: { unavailable: 'NO_TEMPERATURES', days: 0, kwhPerDegreeDay: null, rSquared: null },
      comparisons: [
        {
          ...previous,
          change: {
            ...previous.change!,
            totalCents: 9299,
            priceCents: 2070,
            powerChargeCents: 1569,
            weatherUnavailable: 'NO_TEMPERATURES',
            weatherKwh: null,
            weatherCents: null,
            ownUseKwh: null,
            ownUseCents: null,
          },
        },
        analysis.comparisons[1]!,
      ],
    });
    const last = await within(section).findByRole('region', { name: "Against last month's bill, 01.11.2025 – 30.11.2025" });
    expect(within(last).getByText('The power charge was higher: +€15.69.')).toBeInTheDocument();
    expect(waterfallRows(within(last).getByRole('table'))).toEqual([
      ['Earlier bill', '€185.68'],
      ['Consumption', '+€55.35'],
      ['Price per kWh', '+€20.70'],
      ['Monthly fees', '+€1.25'],
      ['Power charge', '+€15.69'],
      ['This bill', '€278.67'],
    ]);
  });
});
