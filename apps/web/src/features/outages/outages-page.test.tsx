import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MeterEvent, Outage } from '@portal/schema/outages';
import { buildUsagePoint } from '../../test/energy-factories.ts';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { OutagesPage } from './outages-page.tsx';

const site = buildSite({ features: ['OUTAGES'] });

const outage = (overrides: Partial<Outage>): Outage => ({
  id: 'o-1',
  gridArea: 'Espoo',
  status: 'planned',
  cause: 'maintenance',
  startsAt: '2026-11-26T07:00:00.000Z',
  estimatedEndAt: '2026-11-26T09:00:00.000Z',
  endedAt: null,
  streets: [{ street: 'Kuusikallionkuja', postalCode: '02210', city: 'Espoo' }],
  postalCodes: [],
  description: null,
  myPlaces: [],
  ...overrides,
});
const event = (overrides: Partial<MeterEvent>): MeterEvent => ({
  id: 1,
  kind: 'power-off',
  occurredAt: '2026-11-20T10:15:00.000Z',
  voltage: null,
  outageId: null,
  ...overrides,
});

describe('/outages', () => {
  it("shows the outages in the server's order, marks the customer's own places, and times on the site clock", async () => {
    stubApi({
      'GET /api/outages': [
        outage({ id: 'mine', myPlaces: ['Kuusikallionkuja 7'] }),
        outage({
          id: 'storm',
          gridArea: 'Tampere',
          status: 'current',
          cause: 'storm',
          streets: [{ street: 'Hämeenkatu', postalCode: '33200', city: 'Tampere' }],
        }),
      ],
      'GET /api/usage-points/me': [],
    });
    await renderWithProviders(<OutagesPage />, { site, path: '/outages' });

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby') && within(card).getByRole('heading').textContent)).toEqual([
      'Grid area: Espoo',
      'Grid area: Tampere',
    ]);
    const mine = cards[0]!;
    expect(within(mine).getByText('Your place')).toBeInTheDocument();
    expect(within(mine).getByText('Your places on these streets: Kuusikallionkuja 7')).toBeInTheDocument();
    expect(within(mine).getByText('Planned')).toBeInTheDocument();
    // 07:00 UTC is 09:00 in Helsinki.
    expect(within(mine).getByText('26.11.2026 09:00')).toBeInTheDocument();
    expect(within(mine).getByText('Kuusikallionkuja, 02210 Espoo')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Your place')).toBeNull();
    expect(within(cards[1]!).getByText('Ongoing')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('storm damage')).toBeInTheDocument();
    expect(screen.getByText('You have no metering points.')).toBeInTheDocument();
  });

  it('says so when there are no outages', async () => {
    stubApi({ 'GET /api/outages': [], 'GET /api/usage-points/me': [] });
    await renderWithProviders(<OutagesPage />, { site, path: '/outages' });
    expect(await screen.findByText('There are no planned or current outages.')).toBeInTheDocument();
  });

  it('reads the events of the metering point the customer picks, with voltages', async () => {
    const cottage = buildUsagePoint({
      id: 'mp-2',
      meteringPointId: 'mp-2',
      gsrn: '643001100000782150',
      address: { street: 'Mökkitie 3', postalCode: '41800', city: 'Korpilahti', countryCode: 'FI' },
    });
    const fetchMock = stubApi({
      'GET /api/outages': [],
      'GET /api/usage-points/me': [buildUsagePoint(), cottage],
      'GET /api/outages/meter-events/643001100000543212': [event({ id: 2, kind: 'voltage-high', voltage: 254.8 }), event({ id: 1 })],
      'GET /api/outages/meter-events/643001100000782150': [],
    });
    await renderWithProviders(<OutagesPage />, { site, path: '/outages' });

    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['20.11.2026 12:15', 'Voltage too high (254.8 V)'],
      ['20.11.2026 12:15', 'Power off'],
    ]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Metering point' }));
    await userEvent.click(await screen.findByRole('option', { name: /Mökkitie 3/ }));
    expect(await screen.findByText('This meter has reported no events.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/outages/meter-events/643001100000782150')).toHaveLength(1);
  });
});
