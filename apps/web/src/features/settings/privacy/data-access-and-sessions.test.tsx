import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataAccessPage } from '@portal/schema/data-access';
import type { DataExportView } from '@portal/schema/data-export';
import type { ActiveSession } from '@portal/schema/sessions';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { buildActorInfo } from '../../../test/identity-factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from '../settings-page.tsx';
import type { SettingsTab } from '../settings-tabs.ts';

const renderTab = (tab: SettingsTab) =>
  renderWithProviders(<SettingsPage search={{ tab }} onTabChange={() => {}} />, { path: `/settings?tab=${tab}` });

const accesses: DataAccessPage = {
  page: 1,
  hasMore: true,
  entries: [
    {
      firstAt: '2026-11-27T10:00:00.000Z',
      lastAt: '2026-11-27T10:04:00.000Z',
      role: 'customer-service',
      area: 'invoices',
      kind: 'change',
      calls: 3,
    },
    {
      firstAt: '2026-11-27T09:58:00.000Z',
      lastAt: '2026-11-27T09:58:00.000Z',
      role: 'customer-service',
      area: 'customer-card',
      kind: 'read',
      calls: 1,
    },
  ],
};

const session = (id: string, current: boolean, browser: string, device: ActiveSession['device']): ActiveSession => ({
  id,
  browser,
  os: 'Linux',
  device,
  siteId: 'lumo',
  siteName: 'Lumo Energia Oy',
  startedAt: '2026-11-20T07:00:00.000Z',
  lastUsedAt: '2026-11-27T12:30:00.000Z',
  expiresAt: '2036-11-20T07:00:00.000Z',
  current,
});

describe('who looked at my data', () => {
  it('lists when customer service opened or changed what, in the site’s time, without names, page by page', async () => {
    const fetchMock = stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me/data-access': accesses });
    await renderTab('data-access');
    const table = await screen.findByRole('table', { name: 'Accesses to your data' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('27.11.2026 12:00 – 12:04');
    expect(rows[1]).toHaveTextContent('Customer service');
    expect(rows[1]).toHaveTextContent('Changedinvoices and payments3 requests');
    expect(rows[2]).toHaveTextContent('Openedyour customer card');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/me/data-access').at(-1)!.url).toContain('page=2'));
  });

  it('is not offered to staff acting for the customer, nor the sessions tab or a copy of the data', async () => {
    stubApi({
      'GET /api/info': buildActorInfo({ actingAs: 'staff', staffRoles: ['customer-service'] }),
      'GET /api/me': {
        name: null,
        ssn: null,
        email: null,
        phone: null,
        preferredLocale: null,
        contactPreference: 'email',
        marketingChannels: [],
        pendingEmail: null,
        verifiedAt: null,
      },
    });
    await renderTab('profile');
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).queryByRole('tab', { name: 'Who looked at my data' })).not.toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'Active sessions' })).not.toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'A copy of my data' })).not.toBeInTheDocument();
  });
});

describe('a copy of my data', () => {
  it('asks for a copy, shows it being made, and offers a ready copy to download until its last day', async () => {
    const ready: DataExportView = {
      id: 'b5a3c8d2-1f0e-4c1a-9a55-0d6c1e2f3a4b',
      status: 'ready',
      createdAt: '2026-11-20T07:00:00.000Z',
      readyAt: '2026-11-20T07:01:00.000Z',
      expiresAt: '2026-11-27T07:01:00.000Z',
      sizeBytes: 120_000,
    };
    const queued: DataExportView = {
      ...ready,
      id: 'c1',
      status: 'queued',
      createdAt: '2026-11-29T08:00:00.000Z',
      readyAt: null,
      expiresAt: null,
    };
    let copies: DataExportView[] = [ready];
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/data-exports': () => copies,
      'GET /api/me/erasure-request': { request: null },
      'POST /api/me/data-exports': () => {
        copies = [queued, ready];
        return new Response(JSON.stringify(queued), { status: 202, headers: { 'content-type': 'application/json' } });
      },
    });
    await renderTab('my-data');
    const table = await screen.findByRole('table', { name: 'Your copies' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ready until 27.11.2026 09:01');
    expect(within(table).getByRole('button', { name: 'Download ZIP' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ask for a copy' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/data-exports')).toHaveLength(1));
    expect(await within(table).findByText('Being made')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We are making your copy.');
    expect(screen.getByRole('button', { name: 'Ask for a copy' })).toBeDisabled();
  });
});

describe('active sessions', () => {
  it('marks this session, signs another out, and all others after confirming', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/sessions': [session('s-1', true, 'Chrome 131', 'desktop'), session('s-2', false, 'Safari 18', 'mobile')],
      'DELETE /api/me/sessions/s-2': new Response(null, { status: 204 }),
      'POST /api/me/sessions/sign-out-others': { signedOut: 1 },
    });
    await renderTab('sessions');
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const [mine, other] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Chrome 131 · LinuxThis session');
    expect(mine).toHaveTextContent('Computer · Site: Lumo Energia Oy');
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('Last used 27.11.2026 14:30');
    await userEvent.click(within(other!).getByRole('button', { name: 'Sign out Safari 18 on Phone' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/me/sessions/s-2')).toHaveLength(1));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/sessions/sign-out-others')).toHaveLength(1));
    expect(await screen.findByText('1 other session signed out')).toBeInTheDocument();
  });
});
