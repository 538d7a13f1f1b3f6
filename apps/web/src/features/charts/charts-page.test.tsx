import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PowerPeaks, ReadingsResponse, UsagePoint } from '@portal/schema/energy';
import { formatDay, maxDate, monthOf, todayIn } from '@portal/schema/calendar-dates';
import { buildUsagePoint } from '../../test/energy-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { ChartsPage } from './charts-page.tsx';
import type { ChartSearch } from './chart-search.ts';

// The tests' DOM draws no canvas: the lazily loaded ECharts canvas is replaced by its text alternative.
vi.mock('../../shared/ui/echart/echart-canvas.tsx', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const POINT = buildUsagePoint();

function readings(query: URLSearchParams, values: ReadingsResponse['values'] | null = null): ReadingsResponse {
  const series = query.getAll('series[]');
  const from = query.get('from')!;
  return {
    series: series[0] as ReadingsResponse['series'],
    meteringPointId: 'mp-1',
    utility: 'electricity',
    resolution: (query.get('resolution') ?? 'day') as ReadingsResponse['resolution'],
    unit: 'kWh',
    timezone: 'Europe/Helsinki',
    from,
    to: query.get('to')!,
    yearsBack: series[1] ? Number(series[1]) : null,
    total: values ? null : 3.5,
    comparisonTotal: series[1] ? 3 : null,
    costTotalCents: values ? null : 51,
    values: values ?? [
      { date: '2026-01-14T22:00:00.000Z', value: 1.25, estimated: false, costCents: 20, ...(series[1] ? { comparison: 1 } : {}) },
      { date: '2026-01-15T22:00:00.000Z', value: 2.25, estimated: true, costCents: 31, ...(series[1] ? { comparison: 2 } : {}) },
    ],
  };
}

type Stub = { points: UsagePoint[]; empty?: boolean; peaks?: PowerPeaks['peaks'] };
let requests: URL[] = [];

function stubFetch({ points, empty = false, peaks = [] }: Stub) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://lumo.localhost');
      requests.push(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/usage-points/me') return json(points);
      if (url.pathname === '/api/dashboard/power-peaks') {
        return json({ timezone: 'Europe/Helsinki', month: url.searchParams.get('month') ?? '', peaks } satisfies PowerPeaks);
      }
      if (url.pathname === '/api/charts/readings') {
        const body = readings(url.searchParams, empty ? [{ date: '2026-01-14T22:00:00.000Z', value: null }] : null);
        return json(body);
      }
      if (url.pathname === '/api/charts/usage-pattern') {
        const cells = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
          Array.from({ length: 24 }, (_, hour) => ({ weekday, hour, averageKwh: weekday === 6 && hour === 10 ? 3 : 1 })),
        );
        return json({
          meteringPointId: POINT.id,
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          cells,
          totalKwh: 170,
          spot: { hoursPerDay: 6, days: 7, cheapestPercent: 22.8, dearestPercent: 30.4 },
        });
      }
      if (url.pathname === '/api/readings/download') {
        return new Response('<feed/>', {
          status: 200,
          headers: { 'content-type': 'application/xml', 'content-disposition': `attachment; filename="${POINT.gsrn}_green-button.xml"` },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
}

function Harness({ initial }: { initial: ChartSearch }) {
  const [search, setSearch] = useState<ChartSearch>(initial);
  return <ChartsPage search={search} onSearchChange={(patch) => setSearch((previous) => ({ ...previous, ...patch }))} />;
}

const site = buildSite({ features: ['CHART_SPOT_PRICE', 'CHART_TEMPERATURE', 'CHART_NETTED'] });
const readingsCalls = () => requests.filter((url) => url.pathname === '/api/charts/readings').map((url) => url.searchParams);

describe('/charts', () => {
  beforeEach(() => stubFetch({ points: [POINT] }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the period with the resolution the range axis rule picks, and shows totals, cost and a text alternative', async () => {
    await renderWithProviders(<Harness initial={{ from: '2026-01-01', to: '2026-01-31' }} />, { site, path: '/charts' });
    expect(
      await screen.findByRole('img', { name: /Consumption, 01\.01\.2026 – 31\.01\.2026, by Day/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const [call] = readingsCalls();
    expect(call!.getAll('series[]')).toEqual(['consumption']);
    expect(call!.get('resolution')).toBe('day');
    expect(call!.get('meteringPointId')).toBe('mp-1');
    const summary = screen.getByTestId('charts-summary');
    expect(within(summary).getByText('3.5 kWh')).toBeInTheDocument();
    expect(within(summary).getByText('€0.51')).toBeInTheDocument();
  });

  it("shows a month's power peak as its bill reads it, for a point with a power charge, and asks for none over a year", async () => {
    stubFetch({
      points: [POINT],
      peaks: [
        {
          meteringPointId: POINT.id,
          gsrn: POINT.gsrn,
          startsAt: '2026-01-14T15:00:00.000Z',
          kw: '9.600',
          thresholdKw: '8.000',
          chargedKw: '1.600',
        },
      ],
    });
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={{ from: '2026-01-01', to: '2026-01-31' }} />, { site, path: '/charts' });
    const summary = await screen.findByTestId('charts-summary');
    expect(await within(summary).findByText('Power peak')).toBeInTheDocument();
    expect(within(summary).getByText('9.6 kW')).toBeInTheDocument();
    // 15:00Z is 17:00 on the Helsinki clock in January.
    expect(within(summary).getByText(/14\.01\.2026 17:00–18:00.*1\.6 kW/)).toBeInTheDocument();
    const peakCalls = () => requests.filter((url) => url.pathname === '/api/dashboard/power-peaks');
    expect(peakCalls().map((url) => url.searchParams.get('month'))).toEqual(['2026-01']);

    await user.click(screen.getByLabelText('Year'));
    await waitFor(() => expect(readingsCalls().at(-1)!.get('from')).toBe('2026-01-01'));
    await waitFor(() => expect(within(screen.getByTestId('charts-summary')).queryByText('Power peak')).toBeNull());
    expect(peakCalls()).toHaveLength(1);
  });

  it('steps to the previous month and back, and switches to a single day by hour', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={{ from: '2026-01-01', to: '2026-01-31' }} />, { site, path: '/charts' });
    await screen.findByTestId('charts-summary');
    await user.click(screen.getByRole('button', { name: 'Previous period' }));
    expect(screen.getByTestId('charts-period')).toHaveTextContent('01.12.2025 – 31.12.2025');
    await waitFor(() => expect(readingsCalls().at(-1)!.get('from')).toBe('2025-12-01'));
    await user.click(screen.getByRole('button', { name: 'Next period' }));
    await user.click(screen.getByLabelText('Day'));
    expect(screen.getByTestId('charts-period')).toHaveTextContent('01.01.2026');
    await waitFor(() => {
      const last = readingsCalls().at(-1)!;
      expect([last.get('from'), last.get('to'), last.get('resolution')]).toEqual(['2026-01-01', '2026-01-01', 'hour']);
    });
  });

  it('changes the period from the From and To fields on their own, sending both ends', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={{}} />, { site, path: '/charts' });
    await screen.findByTestId('charts-summary');
    const thisMonth = monthOf(todayIn('Europe/Helsinki'));
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveValue(formatDay(thisMonth.from));
    await user.clear(from);
    await user.type(from, '05.01.2026');
    await waitFor(() => expect(readingsCalls().at(-1)!.get('from')).toBe('2026-01-05'));
    expect(readingsCalls().at(-1)!.get('to')).toBe(maxDate('2026-01-05', thisMonth.to));

    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '03.01.2026');
    await waitFor(() => expect(readingsCalls().at(-1)!.get('to')).toBe('2026-01-03'));
    // A To before From makes a one-day period rather than an impossible one.
    expect(readingsCalls().at(-1)!.get('from')).toBe('2026-01-03');
    expect(screen.getByTestId('charts-period')).toHaveTextContent('03.01.2026');
  });

  it('compares with a year earlier through the series entry and shows the data as a table', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={{ from: '2026-01-15', to: '2026-01-16', compare: 1, view: 'table' }} />, {
      site,
      path: '/charts',
    });
    const table = await screen.findByRole('table', { name: /^Consumption/ });
    expect(readingsCalls().at(-1)!.getAll('series[]')).toEqual(['consumption', '1']);
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Year before');
    expect(rows[1]).toHaveTextContent('15.01.2026');
    expect(rows[1]).toHaveTextContent('1.25 kWh');
    expect(rows[2]).toHaveTextContent('estimated');
    await user.click(screen.getByLabelText('Chart'));
    expect(await screen.findByRole('img', { name: /Consumption/ })).toBeInTheDocument();
  });

  it('asks for the price at hourly average when 15-minute prices are averaged', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={{ from: '2026-01-15', to: '2026-01-15', resolution: 'quarter-hour', price: true }} />, {
      site,
      path: '/charts',
    });
    await screen.findByTestId('charts-summary');
    expect(
      readingsCalls()
        .find((call) => call.get('series[]') === 'price')!
        .get('resolution'),
    ).toBe('quarter-hour');
    await user.click(screen.getByLabelText('Hourly average price'));
    await waitFor(() =>
      expect(
        readingsCalls()
          .filter((call) => call.get('series[]') === 'price')
          .at(-1)!
          .get('resolution'),
      ).toBe('hour'),
    );
  });

  it('exports the shown rows as CSV', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:csv'), revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderWithProviders(<Harness initial={{ from: '2026-01-15', to: '2026-01-16' }} />, { site, path: '/charts' });
    await screen.findByTestId('charts-summary');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    // In English: commas and decimal points (shared/csv/csv-writer.ts writes each locale as its spreadsheets expect).
    expect(text.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Time,Consumption (kWh),Cost (EUR),Estimated',
      '15.01.2026 00:00,1.25,0.20,',
      '16.01.2026 00:00,2.25,0.31,yes',
      '',
    ]);
    click.mockRestore();
  });

  it('shows when the energy is used, by weekday and hour, with the busiest hour and the spot-hour shares in words', async () => {
    await renderWithProviders(<Harness initial={{ from: '2026-01-15', to: '2026-01-16' }} />, { site, path: '/charts' });
    const grid = await screen.findByRole('table', { name: 'When I use energy' });
    expect(within(grid).getAllByRole('row')).toHaveLength(8);
    expect(within(grid).getByRole('rowheader', { name: 'Sat' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('cell')[5 * 24 + 10]).toHaveAttribute('title', 'Saturday 10:00: 3 kWh');
    expect(screen.getByText('Most use: Saturday at 10:00, on average 3 kWh.')).toBeInTheDocument();
    expect(screen.getByTestId('usage-pattern-spot')).toHaveTextContent(
      "In each day's 6 cheapest hours you bought 22.8 % of your energy, in its 6 dearest 30.4 %. Even use would buy 25 % in each.",
    );
    const asked = requests.find((url) => url.pathname === '/api/charts/usage-pattern')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ meteringPointId: POINT.id, from: '2026-01-15', to: '2026-01-16' });
  });

  it("downloads the period's readings as Green Button XML or data hub CSV from the server", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:feed', revokeObjectURL: () => {} }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderWithProviders(<Harness initial={{ from: '2026-01-15', to: '2026-01-16' }} />, { site, path: '/charts' });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Green Button XML (ESPI)' }));
    await waitFor(() => expect(saved).toEqual([`${POINT.gsrn}_green-button.xml`]));
    const asked = requests.filter((url) => url.pathname === '/api/readings/download');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      meteringPointId: POINT.id,
      from: '2026-01-15',
      to: '2026-01-16',
      format: 'espi',
    });

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Data hub CSV' }));
    await waitFor(() => expect(requests.filter((url) => url.pathname === '/api/readings/download')).toHaveLength(2));
    expect(requests.filter((url) => url.pathname === '/api/readings/download')[1]!.searchParams.get('format')).toBe('csv');
    click.mockRestore();
  });

  it('shows the chart placeholder when the period has no data, and an empty state without metering points', async () => {
    stubFetch({ points: [POINT], empty: true });
    const view = await renderWithProviders(<Harness initial={{ from: '2026-01-15', to: '2026-01-16' }} />, { site, path: '/charts' });
    expect(await screen.findByRole('img', { name: 'No data for this period' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    view.unmount();
    stubFetch({ points: [] });
    await act(async () => {
      await renderWithProviders(<Harness initial={{}} />, { site, path: '/charts' });
    });
    expect(await screen.findByText('No metering points yet')).toBeInTheDocument();
  });
});
