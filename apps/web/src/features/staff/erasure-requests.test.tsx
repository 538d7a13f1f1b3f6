import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffErasureRequest } from '@portal/schema/erasure';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { StaffPage } from './staff-page.tsx';

describe('requests to close an account, in the customer-service workspace', () => {
  it('lists the waiting requests and carries one out after a confirmation', async () => {
    let waiting: StaffErasureRequest[] = [
      { id: 'e1', clientCode: 'LUMO-100002', customerName: 'Mikko Korhonen', requestedAt: '2026-11-30T08:00:00.000Z' },
    ];
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo({ customer: null, staffRoles: ['customer-service'] }),
      'GET /api/staff/recent-customers': [],
      'GET /api/staff/erasure-requests': () => waiting,
      'POST /api/staff/erasure-requests/e1/carry-out': () => {
        waiting = [];
        return {
          request: { id: 'e1', status: 'done', requestedAt: '2026-11-30T08:00:00.000Z', doneAt: '2026-11-30T09:00:00.000Z' },
          removed: {},
          pseudonymised: {},
        };
      },
    });
    await renderWithProviders(<StaffPage search={{}} onSearchChange={() => {}} />, { path: '/staff' });
    const section = await screen.findByRole('region', { name: 'Requests to close an account' });
    const list = await within(section).findByTestId('erasure-requests');
    expect(list).toHaveTextContent('Mikko Korhonen (LUMO-100002)');
    expect(list).toHaveTextContent('Asked for 30.11.2026 10:00');

    await userEvent.click(within(list).getByRole('button', { name: 'Carry out the request of Mikko Korhonen (LUMO-100002)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the account of Mikko Korhonen (LUMO-100002)?' });
    expect(dialog).toHaveTextContent('Invoices, their payments and contracts are kept for bookkeeping.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/staff/erasure-requests/e1/carry-out')).toHaveLength(1));
    expect(await screen.findByText('The account LUMO-100002 is closed.')).toBeInTheDocument();
    expect(await within(section).findByText('No requests are waiting.')).toBeInTheDocument();
  });
});
