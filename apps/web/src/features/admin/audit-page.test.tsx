import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage as AuditPageData } from '@portal/schema/admin';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { AuditPage } from './audit-page.tsx';

const page: AuditPageData = {
  page: 1,
  pageSize: 50,
  total: 2,
  entries: [
    {
      id: 2,
      at: '2026-11-20T08:00:00.000Z',
      personName: 'Jukka Mäkinen',
      customerCode: null,
      customerName: null,
      action: 'site updated',
      outcome: 'ok',
      event: 'site-updated',
      subject: null,
      result: 'done',
      count: null,
      details: null,
      before: { timezone: 'Europe/Helsinki' },
      after: { timezone: 'Europe/Stockholm' },
    },
    {
      id: 1,
      at: '2026-11-19T08:00:00.000Z',
      personName: 'Sanna Virtanen',
      customerCode: 'LUMO-100001',
      customerName: 'Aino Laine',
      action: 'GET /api/invoices',
      outcome: '200',
      event: 'customer-data-read',
      subject: 'invoices',
      result: 'done',
      count: null,
      details: null,
      before: null,
      after: null,
    },
  ],
};
const url = '/api/admin/site/lumo/audit';

describe('/admin/audit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who did what with the values before and after', async () => {
    stubApi({ [`GET ${url}`]: page });
    await renderWithProviders(<AuditPage />, { site: buildSite(), path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('20.11.2026 10:00');
    expect(first).toHaveTextContent('Jukka Mäkinen');
    expect(first).toHaveTextContent('"timezone": "Europe/Helsinki"');
    expect(first).toHaveTextContent('"timezone": "Europe/Stockholm"');
    expect(second).toHaveTextContent('Aino Laine (LUMO-100001)');
    expect(screen.getByText('2 entries')).toBeInTheDocument();
  });

  it("says in the reader's language what each person did and how it ended, not the code's wording", async () => {
    const entry = page.entries[0]!;
    const lines: AuditPageData = {
      ...page,
      total: 3,
      entries: [
        ...page.entries,
        {
          ...entry,
          id: 3,
          action: 'load-control relay-off',
          outcome: 'timed-out',
          event: 'load-control-command',
          subject: 'relay-off',
          result: 'timed-out',
          details: 'command 7; gsrn 643000000000000001; acting as self',
          before: null,
          after: null,
        },
      ],
    };
    stubApi({ [`GET ${url}`]: lines });
    await renderWithProviders(<AuditPage />, { site: buildSite(), path: '/admin/audit', locale: 'fi-FI' });
    const table = await screen.findByRole('table', { name: 'Tapahtumaloki' });
    const [changed, read, command] = within(table).getAllByRole('row').slice(1);
    expect(changed).toHaveTextContent('Muutti sivuston asetuksia');
    expect(changed).toHaveTextContent('Tehty');
    expect(read).toHaveTextContent('Katsoi asiakkaan tietoja: laskut ja maksut');
    expect(command).toHaveTextContent('Lähetti mittarille komennon: kuorma pois päältä');
    expect(command).toHaveTextContent('Ei vastausta ajoissa');
    expect(table).not.toHaveTextContent(/GET \/api|load-control|site updated|timed-out|gsrn/);
  });

  it('filters by person, customer, action and days, and exports the same filter as CSV', async () => {
    const fetchMock = stubApi({ [`GET ${url}`]: page });
    await renderWithProviders(<AuditPage />, { site: buildSite(), path: '/admin/audit' });
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Person' }), 'Jukka');
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer' }), 'LUMO-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Action' }), 'site updated');
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '01.11.2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '30.11.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', url).length).toBeGreaterThan(1));
    const last = new URL(callsTo(fetchMock, 'GET', url).at(-1)!.url, 'http://x');
    expect(Object.fromEntries(last.searchParams)).toEqual({
      person: 'Jukka',
      customer: 'LUMO-1',
      action: 'site updated',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '1',
    });
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const csv = new URL(link.getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/admin/site/lumo/audit.csv');
    expect(csv.searchParams.get('action')).toBe('site updated');
    expect(csv.searchParams.get('from')).toBe('2026-11-01');
  });

  it('refuses a range whose first day comes after its last', async () => {
    const fetchMock = stubApi({ [`GET ${url}`]: page });
    await renderWithProviders(<AuditPage />, { site: buildSite(), path: '/admin/audit' });
    await screen.findByRole('table', { name: 'Audit log' });
    const calls = callsTo(fetchMock, 'GET', url).length;
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '30.11.2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '01.11.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Check the dates: the first day must not come after the last.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', url)).toHaveLength(calls);
  });
});
