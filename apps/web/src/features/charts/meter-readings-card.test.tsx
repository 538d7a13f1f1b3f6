import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeterReading, MeterReadingList } from '@portal/schema/meter-readings';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
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
  override: null,
  ...overrides,
});

function stub(
  list: MeterReadingList,
  answer: (init: RequestInit | undefined) => unknown = () => reading({ id: 'new' }),
  actingAs: 'self' | 'staff' = 'self',
) {
  return stubApi({
    'GET /api/meter-readings': list,
    'POST /api/meter-readings': answer,
    'GET /api/info': buildActorInfo({ actingAs, staffRoles: actingAs === 'staff' ? ['customer-service'] : [] }),
  });
}

/** The server's refusal of an implausible value (decision 112), as it answers it. */
const implausible = () =>
  new Response(
    JSON.stringify({
      statusCode: 422,
      name: 'RefusedError',
      code: 'METER_READING_IMPLAUSIBLE',
      message: 'The reading 99.000 MWh implies more consumption than this meter can have had in 10 days',
      customerFacing: true,
    }),
    { status: 422, headers: { 'content-type': 'application/json' } },
  );

const LIST: MeterReadingList = {
  meteringPointId: 'mp-heat',
  readByHand: true,
  unit: 'MWh',
  entryWindow: { from: '2026-11-01', to: '2026-11-30' },
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
        { url: '/api/meter-readings', body: { meteringPointId: 'mp-heat', value: '12.45', meterChanged: false, readOn: '2026-11-30' } },
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
        { meteringPointId: 'mp-heat', value: '0.5', meterChanged: true, readOn: '2026-11-30' },
      ]),
    );
  });

  it('sends the day the meter was read, today by default, and compares with the reading before that day', async () => {
    const fetchMock = stub(LIST);
    await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    const user = userEvent.setup();
    const day = await screen.findByRole('textbox', { name: /Day read/ });
    expect(day).toHaveValue('30.11.2026');
    expect(screen.getByText('The day you read the meter: today, or an earlier day from 01.11.2026.')).toBeInTheDocument();
    await user.clear(day);
    await user.type(day, '10.11.2026');
    await user.tab();
    // 12.25 is lower than the newest reading (12.300 on 20.11) but not than 12.200 of 01.11, the one before 10.11.
    await user.type(screen.getByRole('textbox', { name: /Reading/ }), '12.25');
    expect(screen.queryByRole('checkbox', { name: /meter was changed/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/meter-readings').map((call) => call.body)).toEqual([
        { meteringPointId: 'mp-heat', value: '12.25', meterChanged: false, readOn: '2026-11-10' },
      ]),
    );
  });

  it('offers staff acting for the customer "Store anyway" on a refusal, with a reason it sends', async () => {
    let calls = 0;
    const fetchMock = stub(LIST, () => (++calls === 1 ? implausible() : reading({ id: 'new' })), 'staff');
    await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Reading/ }), '99');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    const offer = await screen.findByTestId('meter-reading-override');
    expect(within(offer).getByText('The checks refused this reading')).toBeInTheDocument();
    // Without a reason nothing more is sent.
    await user.click(within(offer).getByRole('button', { name: 'Store anyway' }));
    expect(await within(offer).findByText('Write the reason in 10 to 500 characters.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/meter-readings')).toHaveLength(1);
    await user.type(
      within(offer).getByRole('textbox', { name: /Reason for storing it anyway/ }),
      'Photo shows 99; the meter was replaced in October',
    );
    await user.click(within(offer).getByRole('button', { name: 'Store anyway' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/meter-readings').map((call) => call.body)).toEqual([
        { meteringPointId: 'mp-heat', value: '99', meterChanged: false, readOn: '2026-11-30' },
        {
          meteringPointId: 'mp-heat',
          value: '99',
          meterChanged: false,
          readOn: '2026-11-30',
          override: { reason: 'Photo shows 99; the meter was replaced in October' },
        },
      ]),
    );
    expect(await screen.findByText('Reading saved')).toBeInTheDocument();
    expect(screen.queryByTestId('meter-reading-override')).not.toBeInTheDocument();
  });

  it('never offers the customer "Store anyway"', async () => {
    stub(LIST, implausible);
    await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Reading/ }), '99');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    // The refusal's own notification says why.
    expect(await screen.findByText(/far more consumption since the last one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Store anyway' })).not.toBeInTheDocument();
  });

  it('shows in the history that customer service stored a reading the checks refused, and why', async () => {
    stub({
      ...LIST,
      readings: [
        reading({
          id: 'r-9',
          readOn: '2026-11-25',
          value: '99.000',
          source: 'CUSTOMER',
          enteredBy: 'staff',
          override: { check: 'METER_READING_IMPLAUSIBLE', reason: 'Photo shows 99; new meter' },
        }),
        ...LIST.readings,
      ],
    });
    await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    const table = await screen.findByRole('table', { name: 'Past readings' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[2]).toHaveTextContent(
      'Entered by customer serviceStored despite the checkCustomer service: Photo shows 99; new meter',
    );
  });

  it('shows nothing for a remotely read meter', async () => {
    stub({ ...LIST, readByHand: false, readings: [] });
    const { container } = await renderWithProviders(<MeterReadingsCard meteringPointId="mp-heat" />, { site });
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Meter readings')).not.toBeInTheDocument();
  });
});
