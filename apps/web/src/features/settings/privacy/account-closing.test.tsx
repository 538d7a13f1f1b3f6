import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ErasureRequestView } from '@portal/schema/erasure';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { buildActorInfo } from '../../../test/identity-factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from '../settings-page.tsx';

const renderMyData = () =>
  renderWithProviders(<SettingsPage search={{ tab: 'my-data' }} onTabChange={() => {}} />, { path: '/settings?tab=my-data' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('close my account', () => {
  it('says what is removed and what bookkeeping keeps, asks after a confirmation, and shows the request', async () => {
    const requested: ErasureRequestView = { id: 'e1', status: 'requested', requestedAt: '2026-11-30T08:00:00.000Z', doneAt: null };
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/data-exports': [],
      'GET /api/me/erasure-request': { request: null },
      'POST /api/me/erasure-request': () => json(202, requested),
    });
    await renderMyData();
    const section = await screen.findByRole('region', { name: 'Close my account' });
    expect(section).toHaveTextContent('Removed: your contacts, addresses, bank accounts');
    // A Finnish site: invoices are vouchers, kept six years (Kirjanpitolaki 2:10).
    expect(section).toHaveTextContent('for 6 years after the end of the financial year');

    await userEvent.click(await within(section).findByRole('button', { name: 'Ask to close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(callsTo(fetchMock, 'POST', '/api/me/erasure-request')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/erasure-request')).toHaveLength(1));
    expect(await within(section).findByTestId('erasure-request')).toHaveTextContent(
      'You asked to close your account on 30.11.2026 10:00. Customer service will carry out your request.',
    );
    expect(within(section).queryByRole('button', { name: 'Ask to close my account' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when a contract is still in force", async () => {
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/data-exports': [],
      'GET /api/me/erasure-request': { request: null },
      'POST /api/me/erasure-request': () =>
        json(422, {
          statusCode: 422,
          name: 'Refused',
          code: 'ERASURE_CONTRACT_IN_FORCE',
          message: 'A contract is still in force',
          customerFacing: true,
        }),
    });
    await renderMyData();
    const section = await screen.findByRole('region', { name: 'Close my account' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Ask to close my account' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close your account?' })).getByRole('button', { name: 'Confirm' }),
    );
    const refused = await within(section).findByTestId('erasure-refused');
    expect(refused).toHaveTextContent('Your account cannot be closed yet');
    expect(refused).toHaveTextContent('You still have a contract in force. You can close your account once every contract has ended.');
  });
});
