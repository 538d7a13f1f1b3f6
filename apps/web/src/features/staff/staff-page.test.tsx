import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CustomerSearchPage, CustomerSummary } from '@portal/schema/customer-search';
import { ActingBanner } from '../../app/shell/acting-banner.tsx';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { StaffPage } from './staff-page.tsx';
import type { StaffSearch } from './staff-search.ts';

const found: CustomerSearchPage = {
  page: 1,
  hasMore: false,
  results: [{ clientCode: 'LUMO-100001', name: 'Aino Virtanen', type: 'private', matchedOn: 'name', matchedText: 'Aino Virtanen' }],
};
const card: CustomerSummary = {
  clientCode: 'LUMO-100001',
  name: 'Aino Virtanen',
  type: 'private',
  businessCode: null,
  people: [{ name: 'Aino Virtanen', relation: 'self' }],
  emails: ['aino.virtanen@example.fi'],
  phones: [],
  addresses: ['Mannerheimintie 1, 00100 Helsinki'],
  usagePoints: [{ gsrn: '643000000000000001', address: 'Koivukuja 3, 02100 Espoo' }],
  openInvoices: 1,
  activeContracts: 2,
};

function Workspace() {
  const [search, setSearch] = useState<StaffSearch>({});
  return <StaffPage search={search} onSearchChange={setSearch} />;
}

describe('/staff', () => {
  it('finds a customer by a misspelt name, opens the card and acts for them', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo({ customer: null, staffRoles: ['customer-service'] }),
      'GET /api/staff/recent-customers': [
        { clientCode: 'LUMO-100002', name: 'Mikko Korhonen', type: 'private', lastOpenedAt: '2026-11-27T08:00:00.000Z' },
      ],
      'GET /api/staff/customers': found,
      'GET /api/staff/customers/LUMO-100001': card,
      'GET /api/staff/support/tickets': { handlerGroups: [{ code: 'BILLING', name: 'Invoices and payments' }], tickets: [] },
      'POST /api/staff/acting-customer': { clientCode: 'LUMO-100001', name: 'Aino Virtanen' },
    });
    const { router } = await renderWithProviders(<Workspace />, { path: '/staff', site: buildSite({ features: ['SUPPORT'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mikko Korhonen' })).toBeInTheDocument();
    expect(await screen.findByTestId('waiting-tickets')).toHaveTextContent('No open tickets');

    const search = screen.getByRole('search', { name: 'Customer search' });
    const field = within(search).getByRole('searchbox', { name: 'Find a customer' });
    await userEvent.type(field, 'a');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText('Type at least 2 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/staff/customers')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'aino virtnen{Enter}');
    const results = await screen.findByRole('list', { name: 'Customers found' });
    expect(new URL(callsTo(fetchMock, 'GET', '/api/staff/customers')[0]!.url, 'https://lumo.test').searchParams.get('q')).toBe(
      'aino virtnen',
    );
    expect(within(results).getByText('Name')).toBeInTheDocument();
    await userEvent.click(within(results).getByRole('button', { name: /Aino Virtanen/ }));

    const opened = await screen.findByTestId('customer-card');
    expect(within(opened).getByRole('heading', { name: 'Aino Virtanen' })).toBeInTheDocument();
    expect(opened).toHaveTextContent('643000000000000001 · Koivukuja 3, 02100 Espoo');
    expect(opened).toHaveTextContent('aino.virtanen@example.fi');
    await userEvent.click(within(opened).getByRole('button', { name: 'Act for Aino Virtanen' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/staff/acting-customer')[0]?.body).toEqual({ clientCode: 'LUMO-100001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says so when nothing matches', async () => {
    stubApi({
      'GET /api/info': buildActorInfo({ customer: null, staffRoles: ['customer-service'] }),
      'GET /api/staff/recent-customers': [],
      'GET /api/staff/customers': { page: 1, hasMore: false, results: [] },
    });
    await renderWithProviders(<StaffPage search={{ q: 'zzzz' }} onSearchChange={() => {}} />, { path: '/staff' });
    expect(await screen.findByText('No customer found')).toBeInTheDocument();
    expect(screen.getByText('Customers you open or act for appear here.')).toBeInTheDocument();
  });
});

describe('the acting banner', () => {
  it('says for whom staff act and ends acting, back to the workspace', async () => {
    const fetchMock = stubApi({ 'DELETE /api/staff/acting-customer': new Response(null, { status: 204 }) });
    const info = buildActorInfo({
      actingAs: 'staff',
      staffRoles: ['customer-service'],
      customer: { clientCode: 'LUMO-100001', name: 'Aino Virtanen', type: 'private' },
    });
    const { router } = await renderWithProviders(<ActingBanner info={info} />, { path: '/invoices' });
    const banner = screen.getByRole('region', { name: 'Acting for a customer' });
    expect(banner).toHaveTextContent('You are acting for Aino Virtanen (LUMO-100001)');
    await userEvent.click(within(banner).getByRole('button', { name: 'End acting' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/staff/acting-customer')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
  });
});
