import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffConnectionRequest } from '@portal/schema/connection-requests';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { ConnectionQueuePage } from './connection-queue-page.tsx';

const site = buildSite({ id: 'kallio', companyName: 'Kallio Verkot Oy', features: ['CONNECTION_REQUESTS'] });

const SOLAR: StaffConnectionRequest = {
  id: '7d1b2c3e-0000-4000-8000-000000000002',
  kind: 'MICROGENERATION',
  status: 'received',
  meteringPointId: 'mp-kallio-mikko-cottage-el',
  gsrn: '643000000000000123',
  address: { street: 'Mökkitie 3', postalCode: '41800', city: 'Korpilahti' },
  fuseAmperes: null,
  inverterPowerKw: '6.50',
  installer: 'Aurinkoasennus Oy',
  installationDate: '2026-11-28',
  wantedBy: null,
  message: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
  history: [
    {
      id: 'e1',
      author: 'customer',
      fromStatus: null,
      toStatus: 'received',
      message: null,
      attachments: [
        { id: 'f1', fileName: 'paneelit.png', contentType: 'image/png', sizeBytes: 2_048, createdAt: '2026-11-29T08:00:00.000Z' },
      ],
      createdAt: '2026-11-29T08:00:00.000Z',
    },
  ],
  clientCode: 'KV-400102',
  customerName: 'Mikko Korhonen',
};

describe("customer service's queue of connection requests", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows whose request it is and offers only the moves its status allows; a rejection needs a word to the customer', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/staff/connection-requests': [SOLAR],
      [`POST /api/staff/connection-requests/${SOLAR.id}/transitions`]: { ...SOLAR, status: 'rejected' },
    });
    await renderWithProviders(<ConnectionQueuePage />, { site, path: '/staff/connection-requests' });
    const request = await screen.findByRole('article', { name: 'Microgeneration notification (solar panels)' });
    expect(within(request).getByText('Mikko Korhonen (KV-400102)')).toBeInTheDocument();
    expect(within(request).getByText('6.5 kW')).toBeInTheDocument();
    expect(within(request).getByRole('link', { name: /paneelit\.png/ })).toHaveAttribute(
      'href',
      `/api/staff/connection-requests/${SOLAR.id}/attachments/f1`,
    );

    await userEvent.click(within(request).getByRole('combobox', { name: /Next step/ }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // Received: it can be reviewed, questioned, approved or rejected, but not marked done before approval.
    expect(offered).toEqual(['Start review', 'Ask for information', 'Approve', 'Reject']);
    await userEvent.click(screen.getByRole('option', { name: 'Reject' }));
    await userEvent.click(within(request).getByRole('button', { name: 'Save' }));
    expect(await within(request).findByText('Tell the customer what is missing, or why the request is rejected.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/staff/connection-requests/${SOLAR.id}/transitions`)).toHaveLength(0);

    await userEvent.type(
      within(request).getByRole('textbox', { name: /Message to the customer/ }),
      'The inverter is not on the approved list.',
    );
    await userEvent.click(within(request).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/api/staff/connection-requests/${SOLAR.id}/transitions`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', `/api/staff/connection-requests/${SOLAR.id}/transitions`)[0]!.body).toEqual({
      action: 'reject',
      message: 'The inverter is not on the approved list.',
    });
  });
});
