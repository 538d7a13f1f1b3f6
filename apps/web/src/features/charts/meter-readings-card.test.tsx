import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeterReading, MeterReadingList } from '@portal/schema/meter-readings';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { MeterReadingsCard } from './meter-readings-card.tsx';

const site = buildSite({ id: 'daugava', companyName: 'Daugavas Siltums SIA', features: ['METER_READING_ENTRY'] });

const reading = (overrides: Partial<MeterReading>): MeterReading => ({
  id: 'r-1',
  meteringPointId: 'mp-heat',
  readOn: '2026-11-01',
  value: '12.200',
  unit: 'MWh',
  source: 'MEASURED',
  status: 'CURRENT',
  supersededBy: null,
  meterChanged: false,
  enteredBy: null,
  hasPhoto: false,
  enteredAt: '2026-11-01T06:00:00.000Z',
  ...overrides,
});

function stub(list: MeterReadingList, answer: (init: RequestInit | undefined) => unknown = () => reading({ id: 'new' })) {
  return stubApi({ 'GET /api/meter-readings': list, 'POST /api/meter-readings': answer });
}

const LIST: MeterReadingList = {
  meteringPointId: 'mp-heat',
  readByHand: true,
  unit: 'MWh',
  readings: [
    reading({ id: 'r-2', readOn: '2026-11-20', value: '12.300', source: 'CUSTOMER', enteredBy: 'staff', hasPhoto: true }),
    reading({ id: 'r-1', readOn: '2026-11-01', value: '12.200', status: 'CURRENT' }),
    reading({
      id: 'r-0',
      readOn: '2026-10-05',
      value: '12.100',
      source: 'CUSTOMER',
      enteredBy: 'self',
      status: 'SUPERSEDED',
      supersededBy: 'r-1',
    }),
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('MeterReadingsCard', () => {
  it('lists past readings with their source and status, and sends a reading with the shared schema', async () => {
    const fetchMock = stub(LIST);
    await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    const table = await screen.findByRole('table', { name: 'Past readings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['20.11.2026', '12.300 MWh', 'Entered by customer service · Photo', 'Valid'],
      ['01.11.2026', '12.200 MWh', 'Measured by Daugavas Siltums SIA', 'Valid'],
      ['05.10.2026', '12.100 MWh', 'Entered by you', 'Replaced by a measured reading'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Photo' })).toHaveAttribute('href', '/api/meter-readings/r-2/photo');
    expect(screen.getByText('Last reading: 12.300 MWh on 20.11.2026')).toBeInTheDocument();

    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: /Reading/ });
    // Nothing typed: the shared schema refuses it before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    expect(await screen.findByText('Enter the digits of the counter, with at most 3 decimals.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/meter-readings')).toEqual([]);
    // The field keeps three decimals, as the register has.
    await user.type(input, '12.4567');
    expect(input).toHaveValue('12.456');
    await user.clear(input);
    await user.type(input, '12.45');
    expect(screen.queryByRole('checkbox', { name: /meter was changed/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/meter-readings')).toEqual([
        { url: '/api/meter-readings', body: { meteringPointId: 'mp-heat', value: '12.45', meterChanged: false } },
      ]),
    );
    expect(await screen.findByText('Reading saved')).toBeInTheDocument();
  });

  it('offers "the meter was changed" only when the value is lower than the last reading, and sends it', async () => {
    const fetchMock = stub(LIST);
    await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: /Reading/ });
    await user.type(input, '0.5');
    expect(screen.getByText(/This is lower than the last reading \(12\.300 MWh\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /meter was changed/ }));
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/meter-readings').map((call) => call.body)).toEqual([
        { meteringPointId: 'mp-heat', value: '0.5', meterChanged: true },
      ]),
    );
  });

  it('shows nothing for a remotely read meter', async () => {
    stub({ ...LIST, readByHand: false, readings: [] });
    const { container } = await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Meter readings')).not.toBeInTheDocument();
  });
});
