import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import type { ConnectionPlace, ConnectionRequestDetail } from '@portal/schema/connection-requests';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { ConnectionRequestsPage } from './connection-requests-page.tsx';

const site = buildSite({ id: 'kallio', companyName: 'Kallio Verkot Oy', features: ['CONNECTION_REQUESTS'] });

const PLACES: ConnectionPlace[] = [
  {
    meteringPointId: 'mp-kallio-mikko-cottage-el',
    gsrn: '643000000000000123',
    address: { street: 'Mökkitie 3', postalCode: '41800', city: 'Korpilahti' },
  },
];

const WAITING: ConnectionRequestDetail = {
  id: '7d1b2c3e-0000-4000-8000-000000000001',
  kind: 'FUSE_CHANGE',
  status: 'needs_information',
  meteringPointId: 'mp-kallio-mikko-cottage-el',
  gsrn: '643000000000000123',
  address: { street: 'Mökkitie 3', postalCode: '41800', city: 'Korpilahti' },
  fuseAmperes: 35,
  inverterPowerKw: null,
  installer: null,
  installationDate: null,
  wantedBy: null,
  message: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  history: [
    {
      id: 'e1',
      author: 'customer',
      fromStatus: null,
      toStatus: 'received',
      message: null,
      attachments: [],
      createdAt: '2026-11-20T08:00:00.000Z',
    },
    {
      id: 'e2',
      author: 'staff',
      fromStatus: 'received',
      toStatus: 'needs_information',
      message: 'Which appliances need the larger fuse?',
      attachments: [],
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};

function stubConnections(requests: ConnectionRequestDetail[] = []) {
  return stubApi({
    'GET /api/auth/session': buildSession(),
    'GET /api/info': buildActorInfo(),
    'GET /api/connection-requests/places': PLACES,
    'GET /api/connection-requests': requests,
    'POST /api/connection-requests': { ...WAITING, status: 'received' },
    [`POST /api/connection-requests/${WAITING.id}/withdraw`]: { ...WAITING, status: 'withdrawn' },
  });
}

/** A calendar day as the date field takes it typed: 1.11.2026. */
const typed = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${Number(date)}.${Number(month)}.${year}`;
};

describe('the connections and solar page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reports a solar installation: refuses what the server would, then sends the fields of that kind only', async () => {
    const fetchMock = stubConnections();
    await renderWithProviders(<ConnectionRequestsPage />, { site, path: '/connection-requests' });
    const form = await screen.findByRole('region', { name: 'New request' });
    expect(within(form).getByRole('radio', { name: /Microgeneration notification/ })).toBeChecked();
    // A new connection's address fields belong to that kind only.
    expect(within(form).queryByRole('textbox', { name: /Street and house number/ })).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Choose the place of use.')).toBeInTheDocument();
    expect(within(form).getByText(/Enter the inverter power in kilowatts/)).toBeInTheDocument();
    expect(within(form).getByText('Tell us who installed it.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the installation date.')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('combobox', { name: /Place of use/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Mökkitie 3, Korpilahti/ }));
    const power = within(form).getByRole('textbox', { name: /Inverter power/ });
    await userEvent.type(power, '150');
    await userEvent.type(within(form).getByRole('textbox', { name: /Installer/ }), 'Aurinkoasennus Oy');
    const installed = addDays(todayIn(site.timezone), -3);
    await userEvent.type(within(form).getByRole('textbox', { name: /Installation date/ }), typed(installed));
    await userEvent.tab();
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    // Above microgeneration's 100 kW: refused in the browser, as the server would.
    expect(await within(form).findByText(/Enter the inverter power in kilowatts/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/connection-requests')).toHaveLength(0);

    await userEvent.clear(power);
    await userEvent.type(power, '8,2');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/connection-requests')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/connection-requests')[0]!.body).toEqual({
      kind: 'MICROGENERATION',
      meteringPointId: 'mp-kallio-mikko-cottage-el',
      inverterPowerKw: '8,2',
      installer: 'Aurinkoasennus Oy',
      installationDate: installed,
    });
  });

  it('asks a new connection for its address and a fuse size as sold', async () => {
    const fetchMock = stubConnections();
    await renderWithProviders(<ConnectionRequestsPage />, { site, path: '/connection-requests' });
    const form = await screen.findByRole('region', { name: 'New request' });
    await userEvent.click(within(form).getByRole('radio', { name: /New electricity connection/ }));
    expect(within(form).queryByRole('combobox', { name: /Place of use/ })).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: /Street and house number/ }), 'Saunapolku 2');
    await userEvent.type(within(form).getByRole('textbox', { name: /Postal code/ }), '331');
    await userEvent.type(within(form).getByRole('textbox', { name: /Town or city/ }), 'Tampere');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Enter a postal code of five digits.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the main fuse size.')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: /Postal code/ }), '00');
    await userEvent.click(within(form).getByRole('combobox', { name: /Main fuse wanted/ }));
    const sizes = await screen.findAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(expect.arrayContaining(['3 × 25 A', '3 × 35 A', '3 × 63 A', '3 × 630 A']));
    expect(sizes.map((option) => option.textContent)).not.toContain('3 × 40 A');
    await userEvent.click(screen.getByRole('option', { name: '3 × 25 A' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/connection-requests')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/connection-requests')[0]!.body).toEqual({
      kind: 'NEW_CONNECTION',
      address: { street: 'Saunapolku 2', postalCode: '33100', city: 'Tampere' },
      fuseAmperes: 25,
    });
  });

  it("shows customer service's question on a request and withdraws it after a confirmation", async () => {
    const fetchMock = stubConnections([WAITING]);
    await renderWithProviders(<ConnectionRequestsPage />, { site, path: '/connection-requests' });
    const request = await screen.findByRole('article', { name: 'Main fuse change' });
    expect(within(request).getByText('Waiting for information from you')).toBeInTheDocument();
    expect(within(request).getByText('Which appliances need the larger fuse?')).toBeInTheDocument();
    expect(within(request).getByText('3 × 35 A')).toBeInTheDocument();
    expect(within(request).getByRole('textbox', { name: /Your answer/ })).toBeInTheDocument();

    await userEvent.click(within(request).getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/connection-requests/${WAITING.id}/withdraw`)).toHaveLength(1));
  });
});
