import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { buildInvoiceDetail, buildInvoiceSummary } from './invoice-factories.ts';
import { InvoicesPage } from './invoices-page.tsx';
import type { InvoicesSearch } from './invoices-search.ts';

const unpaid = buildInvoiceSummary();
const overdue = buildInvoiceSummary({
  id: '33333333-3333-4333-8333-333333333333',
  invoiceNumber: 'SC-100001-202609',
  dueDate: '2026-10-26',
  originalDueDate: '2026-10-19',
  overdue: true,
  totalCents: 9870,
});
const paid = buildInvoiceSummary({
  id: '44444444-4444-4444-8444-444444444444',
  invoiceNumber: 'SC-100001-202608',
  paymentStatus: 'paid',
  paidAt: '2026-09-23T21:30:00.000Z',
  utilities: ['electricity', 'heating'],
});

function Harness({ initial = {} }: { initial?: InvoicesSearch }) {
  const [search, setSearch] = useState<InvoicesSearch>(initial);
  return <InvoicesPage search={search} onSearchChange={setSearch} />;
}

function stubInvoices() {
  return stubApi({
    'GET /api/invoices': (init: RequestInit | undefined) => {
      void init;
      return { invoices: [unpaid, overdue, paid], total: 3 };
    },
  });
}

describe('/invoices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists invoices with amounts, DD.MM.YYYY due dates, utility badges and paid/unpaid/overdue', async () => {
    stubInvoices();
    await renderWithProviders(<Harness />, { path: '/invoices' });
    const list = await screen.findByRole('list', { name: 'Invoice list' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('heading', { name: 'Invoice SC-100001-202610' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('€154.93')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Due date: 26.11.2026')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Unpaid')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Postponed from 19.10.2026')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Paid')).toBeInTheDocument();
    // Paid at 21:30 UTC on 23 September is 24 September in Helsinki.
    expect(within(cards[2]!).getByText('Paid on 24.09.2026')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('District heating')).toBeInTheDocument();
    expect(within(cards[2]!).queryByRole('button', { name: /Pay invoice/ })).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Pay invoice SC-100001-202610' })).toBeInTheDocument();
    expect(screen.getByText('3 invoices')).toBeInTheDocument();
  });

  it('filters by status: the choice is sent as type and resets the page', async () => {
    const fetchMock = stubInvoices();
    await renderWithProviders(<Harness initial={{ page: 2 }} />, { path: '/invoices' });
    await screen.findByRole('list', { name: 'Invoice list' });
    expect(callsTo(fetchMock, 'GET', '/api/invoices')[0]!.url).toContain('page=2');
    await userEvent.click(screen.getByRole('radio', { name: 'Overdue' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/invoices').some((call) => call.url.includes('type=overdue'))).toBe(true));
    const last = callsTo(fetchMock, 'GET', '/api/invoices').at(-1)!.url;
    expect(last).toContain('type=overdue');
    expect(last).toContain('page=1');
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/invoices').at(-1)!.url).not.toContain('type='));
  });

  it('draws its filter the same on every screen, the stylesheet choosing segments or a select (nothing moves on take-over)', async () => {
    const drawnOn = async (phone: boolean) => {
      stubApi({ 'GET /api/invoices': { invoices: [], total: 0 } });
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: phone,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      const view = await renderWithProviders(<Harness />, { path: '/invoices' });
      await screen.findByRole('heading', { name: 'No invoices here' });
      // Mantine's segment indicator marks itself initialized 20 ms after it mounts: both screens are compared after it.
      await waitFor(() => expect(view.container.querySelector('[role="radiogroup"] > span')).toHaveAttribute('data-initialized'));
      const controls = [...view.container.querySelectorAll('input, [role="radiogroup"]')].map((element) =>
        element.outerHTML.replace(/mantine-[\w-]+/g, ''),
      );
      view.unmount();
      return controls;
    };
    expect(await drawnOn(true)).toEqual(await drawnOn(false));
  });

  it('shows the empty state when a filter finds nothing', async () => {
    stubApi({ 'GET /api/invoices': { invoices: [], total: 0 } });
    await renderWithProviders(<Harness initial={{ type: 'overdue' }} />, { path: '/invoices' });
    expect(await screen.findByRole('heading', { name: 'No invoices here' })).toBeInTheDocument();
  });

  it('opens the rows with net, VAT and total', async () => {
    stubApi({ 'GET /api/invoices': { invoices: [unpaid], total: 1 }, [`GET /api/invoices/${unpaid.invoiceNumber}`]: buildInvoiceDetail() });
    await renderWithProviders(<Harness />, { path: '/invoices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    const table = await screen.findByRole('table', { name: 'Invoice rows' });
    expect(within(table).getByText('Energy · Electricity')).toBeInTheDocument();
    expect(within(table).getByText('1,408.000 kWh')).toBeInTheDocument();
    // A monthly fee is read in euros, as it is paid: 395 cents a month.
    expect(within(table).getByText('€3.95/month')).toBeInTheDocument();
    expect(within(table).getByText('8.490 c/kWh')).toBeInTheDocument();
    expect(within(table).getByText('VAT 25.5% on €123.45')).toBeInTheDocument();
    expect(within(table).getByText('€154.93')).toBeInTheDocument();
  });

  it('bills a power charge in kW of the peak above the threshold at euros per kW a month (decision 119)', async () => {
    const detail = buildInvoiceDetail();
    const power = {
      ...detail.rows[1]!,
      position: 3,
      componentKind: 'Power' as const,
      unit: 'kW' as const,
      quantity: '3.234',
      unitPriceCents: '500.00000',
      netCents: 1617,
    };
    stubApi({
      'GET /api/invoices': { invoices: [unpaid], total: 1 },
      [`GET /api/invoices/${unpaid.invoiceNumber}`]: { ...detail, rows: [...detail.rows, power] },
    });
    await renderWithProviders(<Harness />, { path: '/invoices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    const table = await screen.findByRole('table', { name: 'Invoice rows' });
    const row = within(table).getByRole('row', { name: /Power charge · Electricity/ });
    expect(within(row).getByText('3.234 kW')).toBeInTheDocument();
    expect(within(row).getByText('€5.00/kW/month')).toBeInTheDocument();
    expect(within(row).getByText('€16.17')).toBeInTheDocument();
  });

  it('says how to pay an unpaid invoice, and copies the IBAN, the reference and the virtual bar code as banks take them', async () => {
    const payment = {
      payee: 'Lumo Energia Oy',
      accounts: [{ iban: 'FI2112345600000785', bic: 'NDEAFIHH' }],
      referenceKind: 'rf' as const,
      reference: 'RF131000012026',
      printedReference: 'RF13 1000 0120 26',
      virtualBarcode: '521123456000007850000595513000000000001000012026261219',
    };
    stubApi({
      'GET /api/invoices': { invoices: [unpaid], total: 1 },
      [`GET /api/invoices/${unpaid.invoiceNumber}`]: buildInvoiceDetail({ payment }),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithProviders(<Harness />, { path: '/invoices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    const how = await screen.findByRole('region', { name: 'How to pay' });
    expect(within(how).getByText('Lumo Energia Oy')).toBeInTheDocument();
    expect(within(how).getByText('FI21 1234 5600 0007 85 · BIC NDEAFIHH')).toBeInTheDocument();
    expect(within(how).getByText('RF13 1000 0120 26')).toBeInTheDocument();
    await userEvent.click(within(how).getByRole('button', { name: 'Copy: Account' }));
    await userEvent.click(within(how).getByRole('button', { name: 'Copy: Reference number' }));
    await userEvent.click(within(how).getByRole('button', { name: 'Copy: Virtual bar code' }));
    expect(writeText.mock.calls).toEqual([['FI2112345600000785'], ['RF131000012026'], [payment.virtualBarcode]]);
  });

  it('leaves the payment details out of a paid invoice', async () => {
    const payment = {
      payee: 'Lumo Energia Oy',
      accounts: [{ iban: 'FI2112345600000785', bic: 'NDEAFIHH' }],
      referenceKind: 'rf' as const,
      reference: 'RF131000012026',
      printedReference: 'RF13 1000 0120 26',
      virtualBarcode: null,
    };
    stubApi({
      'GET /api/invoices': { invoices: [paid], total: 1 },
      [`GET /api/invoices/${paid.invoiceNumber}`]: buildInvoiceDetail({ ...paid, payment }),
    });
    await renderWithProviders(<Harness />, { path: '/invoices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    await screen.findByRole('table', { name: 'Invoice rows' });
    expect(screen.queryByRole('region', { name: 'How to pay' })).not.toBeInTheDocument();
  });

  it('shows a VAT line per rate for an invoice across a rate change, and each row’s rate', async () => {
    const straddling = buildInvoiceDetail({
      periodStart: '2024-08-16',
      periodEnd: '2024-09-15',
      netCents: 7745,
      vatCents: 1915,
      totalCents: 9660,
      vatLines: [
        { vatPermille: 240, netCents: 3995, vatCents: 959 },
        { vatPermille: 255, netCents: 3750, vatCents: 956 },
      ],
      rows: [
        {
          position: 1,
          gsrn: '643007574000000001',
          utility: 'electricity',
          componentKind: 'Base',
          unit: 'kWh',
          quantity: '384.000',
          unitPriceCents: '10.00000',
          netCents: 3840,
          vatPermille: 240,
        },
        {
          position: 2,
          gsrn: '643007574000000001',
          utility: 'electricity',
          componentKind: 'Base',
          unit: 'kWh',
          quantity: '360.000',
          unitPriceCents: '10.00000',
          netCents: 3600,
          vatPermille: 255,
        },
        {
          position: 3,
          gsrn: '643007574000000001',
          utility: 'electricity',
          componentKind: 'Monthly',
          unit: 'month',
          quantity: '0.516',
          unitPriceCents: '300.00000',
          netCents: 155,
          vatPermille: 240,
        },
        {
          position: 4,
          gsrn: '643007574000000001',
          utility: 'electricity',
          componentKind: 'Monthly',
          unit: 'month',
          quantity: '0.500',
          unitPriceCents: '300.00000',
          netCents: 150,
          vatPermille: 255,
        },
      ],
    });
    stubApi({ 'GET /api/invoices': { invoices: [unpaid], total: 1 }, [`GET /api/invoices/${unpaid.invoiceNumber}`]: straddling });
    await renderWithProviders(<Harness />, { path: '/invoices' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
    const table = await screen.findByRole('table', { name: 'Invoice rows' });
    expect(within(table).getByText('VAT 24% on €39.95')).toBeInTheDocument();
    expect(within(table).getByText('€9.59')).toBeInTheDocument();
    expect(within(table).getByText('VAT 25.5% on €37.50')).toBeInTheDocument();
    expect(within(table).getByText('€9.56')).toBeInTheDocument();
    expect(within(table).getAllByText('Energy · Electricity · 24%')).toHaveLength(1);
    expect(within(table).getByText('0.516 month')).toBeInTheDocument();
    expect(within(table).getByText('€96.60')).toBeInTheDocument();
  });

  it('offers postponing only where the rules allow it, and says why not elsewhere', async () => {
    const limitReached = buildInvoiceSummary({
      id: '55555555-5555-4555-8555-555555555555',
      invoiceNumber: 'SC-100001-202607',
      postponement: { ...unpaid.postponement, allowed: false, minDate: null, maxDate: null, refusal: 'POSTPONEMENT_LIMIT_REACHED' },
    });
    stubApi({ 'GET /api/invoices': { invoices: [unpaid, limitReached, paid], total: 3 } });
    await renderWithProviders(<Harness />, { path: '/invoices' });
    const [open, closed, settled] = within(await screen.findByRole('list', { name: 'Invoice list' })).getAllByRole('article');
    expect(within(open!).getByRole('button', { name: 'Postpone' })).toBeInTheDocument();
    expect(within(closed!).queryByRole('button', { name: 'Postpone' })).not.toBeInTheDocument();
    expect(within(closed!).getByText(/already been postponed as many times as allowed/)).toBeInTheDocument();
    expect(within(closed!).getByRole('button', { name: 'Pay invoice SC-100001-202607' })).toBeInTheDocument();
    expect(within(settled!).queryByRole('button', { name: 'Postpone' })).not.toBeInTheDocument();
  });

  it('offers CSV only where the site has the feature', async () => {
    stubApi({ 'GET /api/invoices': { invoices: [unpaid], total: 1 } });
    const { unmount } = await renderWithProviders(<Harness />, {
      path: '/invoices',
      site: buildSite({ features: ['INVOICES', 'INVOICE_CSV_DOWNLOAD'] }),
    });
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    unmount();
    await renderWithProviders(<Harness />, { path: '/invoices', site: buildSite({ features: ['INVOICES'] }) });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });
});
