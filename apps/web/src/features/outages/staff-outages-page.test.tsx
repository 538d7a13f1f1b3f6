import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorOutage } from '@portal/schema/operator-outages';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { StaffOutagesPage } from './staff-outages-page.tsx';

const site = buildSite({ id: 'kallio', companyName: 'Kallio Verkot Oy', features: ['OUTAGES', 'SETTINGS_OUTAGE_CONTACTS'] });

const PLANNED: OperatorOutage = {
  id: '1d6f3c0e-7a53-4c1e-9b6a-2a4f0c5d8e11',
  gridArea: 'Espoo, Kuusikallio',
  status: 'planned',
  cause: 'maintenance',
  description: 'Transformer replacement',
  startsAt: '2099-03-04 09:00',
  estimatedEndAt: '2099-03-04 12:00',
  postalCodes: ['02210'],
  gsrns: [],
  affectedContracts: 4,
  notices: { waiting: 1, sent: 2, manual: 1 },
  editable: true,
};

describe("a network operator's planned outages, as its staff see them (decision 126)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('publishes only a complete outage, with the area as a list, and lists what was told', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/staff/outages': [PLANNED],
      'POST /api/staff/outages': { ...PLANNED, id: '2d6f3c0e-7a53-4c1e-9b6a-2a4f0c5d8e12' },
    });
    await renderWithProviders(<StaffOutagesPage />, { site, path: '/staff/outages' });

    const listed = await screen.findByRole('article', { name: 'Espoo, Kuusikallio' });
    expect(within(listed).getByText('04.03.2099 09:00 – 04.03.2099 12:00 · maintenance work')).toBeInTheDocument();
    expect(within(listed).getByText('Contracts in force in the area: 4')).toBeInTheDocument();
    expect(within(listed).getByText('Notices: 2 sent, 1 waiting, 1 for staff to make')).toBeInTheDocument();

    const form = screen.getByRole('region', { name: 'New planned outage' });
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Name the area.')).toBeInTheDocument();
    expect(within(form).getByText('Give postal codes, metering points or both.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/staff/outages')).toHaveLength(0);

    await userEvent.type(within(form).getByRole('textbox', { name: /Area name/ }), 'Espoo, Olari');
    await userEvent.type(within(form).getByRole('textbox', { name: /Postal codes/ }), '2200');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Check the postal codes.')).toBeInTheDocument();

    await userEvent.clear(within(form).getByRole('textbox', { name: /Postal codes/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Postal codes/ }), '02200, 02210');
    await userEvent.type(within(form).getByRole('textbox', { name: /Metering points/ }), '643001100000543216');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/staff/outages')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/staff/outages')[0]!.body).toMatchObject({
      gridArea: 'Espoo, Olari',
      cause: 'maintenance',
      postalCodes: ['02200', '02210'],
      gsrns: ['643001100000543216'],
      startsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 09:00$/),
      estimatedEndAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 12:00$/),
    });
  });

  it('changes a planned outage in the form it fills, and cancels one', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/staff/outages': [PLANNED],
      [`PUT /api/staff/outages/${PLANNED.id}`]: PLANNED,
      [`POST /api/staff/outages/${PLANNED.id}/cancel`]: { ...PLANNED, status: 'cancelled', editable: false },
    });
    await renderWithProviders(<StaffOutagesPage />, { site, path: '/staff/outages' });
    const listed = await screen.findByRole('article', { name: 'Espoo, Kuusikallio' });
    await userEvent.click(within(listed).getByRole('button', { name: 'Change' }));
    const form = await screen.findByRole('region', { name: 'Change the planned outage' });
    expect(within(form).getByRole('textbox', { name: /Postal codes/ })).toHaveValue('02210');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/api/staff/outages/${PLANNED.id}`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', `/api/staff/outages/${PLANNED.id}`)[0]!.body).toMatchObject({
      startsAt: '2099-03-04 09:00',
      estimatedEndAt: '2099-03-04 12:00',
      postalCodes: ['02210'],
    });

    // Cancelling is asked once more: kept, nothing is sent; confirmed, the outage is cancelled.
    await userEvent.click(within(listed).getByRole('button', { name: 'Cancel the outage' }));
    const asked = await screen.findByRole('dialog', { name: 'Cancel the planned outage?' });
    expect(asked).toHaveTextContent('Espoo, Kuusikallio');
    await userEvent.click(within(asked).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST', `/api/staff/outages/${PLANNED.id}/cancel`)).toHaveLength(0);
    await userEvent.click(within(listed).getByRole('button', { name: 'Cancel the outage' }));
    const confirming = await screen.findByRole('dialog', { name: 'Cancel the planned outage?' });
    await userEvent.click(within(confirming).getByRole('button', { name: 'Cancel the outage' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/staff/outages/${PLANNED.id}/cancel`)).toHaveLength(1));
  });
});
