import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractDetail, ContractSummary } from '@portal/schema/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSite } from '../../../test/test-site.ts';
import { ContractsPage } from './contracts-page.tsx';

const spot: ContractSummary = {
  id: 'ct-1',
  contractNumber: 'LE-2024-100731',
  type: 'SupplyContract',
  status: 'active',
  utility: 'electricity',
  productName: 'Lumo Pörssi',
  priceType: 'Hourly',
  startDate: '2024-11-01',
  endDate: null,
  termMonths: null,
  objectId: 'obj-1',
  address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo', countryCode: 'FI' },
  meteringPointId: 'mp-1',
  meteringPointCode: '643001100000543210',
  moveOutDate: null,
};
const ending: ContractSummary = {
  ...spot,
  id: 'ct-2',
  contractNumber: 'LE-2024-100842',
  status: 'ending',
  productName: 'Lumo Kiinteä 24 kk',
  priceType: 'Fixed',
  endDate: '2026-12-31',
  termMonths: 24,
};
const ended: ContractSummary = {
  ...spot,
  id: 'ct-3',
  contractNumber: 'LE-2022-000001',
  status: 'ended',
  productName: 'Lumo Vanha',
  endDate: '2024-10-31',
};

const spotDetail: ContractDetail = {
  ...spot,
  vatPermille: 255,
  vatDate: '2026-11-22',
  signedAt: '2024-10-20T09:00:00.000Z',
  billing: { channel: 'Email', target: 'aino.virtanen@example.fi', operator: null },
  priceComponents: [
    {
      kind: 'Margin',
      unit: 'c/kWh',
      priceCents: '0.45000',
      thresholdKw: null,
      priceWithVatCents: '0.55800',
      vatPermille: 240,
      validFrom: '2024-01-01',
      validTo: '2024-08-31',
    },
    {
      kind: 'Margin',
      unit: 'c/kWh',
      priceCents: '0.49000',
      thresholdKw: null,
      priceWithVatCents: '0.61495',
      vatPermille: 255,
      validFrom: '2024-11-01',
      validTo: null,
    },
    {
      kind: 'Monthly',
      unit: 'c/month',
      priceCents: '395.00000',
      thresholdKw: null,
      priceWithVatCents: '495.72500',
      vatPermille: 255,
      validFrom: '2024-11-01',
      validTo: null,
    },
  ],
  moveOut: null,
};

function stubContracts(extra: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/contracts': [spot, ending, ended],
    'GET /api/contracts/ct-1': spotDetail,
    'GET /api/contracts/ct-1/billing-channels': { current: spotDetail.billing, available: ['Email', 'Address', 'EInvoiceRequest'] },
    ...extra,
  });
}

const site = buildSite({ features: ['CONTRACTS'] });

describe('/contracts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the current contracts with status and type chips, place, metering point and dates', async () => {
    stubContracts();
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    const list = await screen.findByRole('list', { name: 'Contract list' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Lumo Pörssi' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Electricity supply')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Spot price')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Kuusikallionkuja 7, 02210 Espoo')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Since 01.11.2024')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Ending')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('01.11.2024 – 31.12.2026 · 24 month term')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Ended (1)' }));
    expect(within(screen.getByRole('list', { name: 'Contract list' })).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Lumo Vanha' })).toBeInTheDocument();
  });

  it('says the list is loading while it loads, not "(0)" contracts, and says when it could not be loaded, with a retry', async () => {
    let answer: (body: unknown) => void = () => {};
    const fetchMock = stubContracts({ 'GET /api/contracts': () => new Promise((resolve) => (answer = resolve)) });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    expect(await screen.findByRole('status', { name: 'Loading list' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Current' })).toBeInTheDocument();
    expect(screen.queryByText(/\(0\)/)).toBeNull();
    answer(new Response('{}', { status: 503 }));
    // The query asks once more before it fails (retry: 1).
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/contracts')).toHaveLength(2));
    answer(new Response('{}', { status: 503 }));
    expect(await screen.findByText('This could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No contracts here' })).toBeNull();
  });

  it('shows the prices with and without VAT and the billing on demand', async () => {
    stubContracts();
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    const card = (await screen.findAllByRole('article'))[0]!;
    const toggle = within(card).getByRole('button', { name: 'Prices and billing' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const table = await within(card).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'With VAT 25.5%' })).toBeInTheDocument();
    expect(within(card).getByText(/Prices with VAT at the rate in force on 22\.11\.2026\./)).toBeInTheDocument();
    // A price of days taxed at another rate says its own rate.
    const [old, margin] = within(table).getAllByRole('row', { name: /Margin on the spot price/ }) as [HTMLElement, HTMLElement];
    expect(within(old).getByText('0.558 c/kWh (24%)')).toBeInTheDocument();
    expect(within(margin).getByText('0.49 c/kWh')).toBeInTheDocument();
    expect(within(margin).getByText('0.615 c/kWh')).toBeInTheDocument();
    expect(within(margin).getByText('From 01.11.2024')).toBeInTheDocument();
    const fee = within(table).getByRole('row', { name: /Monthly fee/ });
    expect(within(fee).getByText('€3.95/month')).toBeInTheDocument();
    expect(within(fee).getByText('€4.96/month')).toBeInTheDocument();
    expect(within(card).getByText('By e-mail')).toBeInTheDocument();
    expect(within(card).getByText('aino.virtanen@example.fi')).toBeInTheDocument();
  });

  it('writes a power charge per kW a month above its threshold (decision 119)', async () => {
    const power = {
      kind: 'Power' as const,
      unit: 'c/kW' as const,
      priceCents: '500.00000',
      thresholdKw: '8.000',
      priceWithVatCents: '627.50000',
      vatPermille: 255,
      validFrom: '2026-01-01',
      validTo: null,
    };
    stubContracts({ 'GET /api/contracts/ct-1': { ...spotDetail, priceComponents: [power, { ...power, thresholdKw: null }] } });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    const card = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Prices and billing' }));
    const table = await within(card).findByRole('table');
    const [household, company] = within(table).getAllByRole('row', { name: /Power charge \(the month's highest hour\)/ }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(household).getByText('€5.00/kW/month above 8 kW')).toBeInTheDocument();
    expect(within(household).getByText('€6.28/kW/month above 8 kW')).toBeInTheDocument();
    expect(within(company).getByText('€5.00/kW/month')).toBeInTheDocument();
  });

  it('changes the billing channel with the checks the server makes, then reads the contract again', async () => {
    const changed = { ...spotDetail, billing: { channel: 'EInvoiceRequest', target: 'FI2112345600000785', operator: 'Nordea' } };
    const fetchMock = stubContracts({
      'POST /api/contracts/ct-1/change-billing-channels': changed,
      'GET /api/banks': [{ id: 'fi-nordea', name: 'Nordea', bic: 'NDEAFIHH', countryCode: 'FI' }],
    });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    const card = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Prices and billing' }));
    await userEvent.click(await within(card).findByRole('button', { name: 'Change how invoices are sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'How invoices of contract LE-2024-100731 are sent' });
    const channel = within(dialog).getByRole('combobox', { name: 'Send invoices' });
    await waitFor(() => expect(channel).toBeEnabled());
    await userEvent.click(channel);
    await userEvent.click(await screen.findByRole('option', { name: 'E-invoice to my online bank' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Bank account \(IBAN\)/ }), 'FI21 1234 5600 0007 86');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Bank(?! account)/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nordea' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid IBAN.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/change-billing-channels')).toHaveLength(0);

    const iban = within(dialog).getByRole('textbox', { name: /Bank account \(IBAN\)/ });
    await userEvent.clear(iban);
    await userEvent.type(iban, 'FI21 1234 5600 0007 85');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/change-billing-channels')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/change-billing-channels')[0]!.body).toEqual({
      channel: 'EInvoiceRequest',
      target: 'FI21 1234 5600 0007 85',
      operator: 'Nordea',
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/contracts/ct-1').length).toBeGreaterThanOrEqual(2));
  });

  it('downloads the contract PDF, and says so when the contract is gone (204)', async () => {
    const fetchMock = stubContracts({ 'GET /api/contracts/ct-1/download': new Response(null, { status: 204 }) });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    const card = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Download PDF, contract LE-2024-100731' }));
    expect(await screen.findByText('This contract could not be found any more.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/contracts/ct-1/download')).toHaveLength(1);
  });

  it('offers no billing change where the site has switched contract management off', async () => {
    stubContracts();
    await renderWithProviders(<ContractsPage />, {
      site: buildSite({ features: ['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'] }),
      path: '/contracts',
    });
    const card = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Prices and billing' }));
    await within(card).findByRole('table');
    expect(within(card).queryByRole('button', { name: 'Change how invoices are sent' })).not.toBeInTheDocument();
  });

  it('leads to the move-out of a current contract, and says when one was reported', async () => {
    stubApi({ 'GET /api/contracts': [spot, { ...ending, moveOutDate: '2026-12-15' }, ended] });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByRole('link', { name: 'Move out, contract LE-2024-100731' })).toHaveAttribute(
      'href',
      '/contracts/ct-1/move-out',
    );
    expect(within(cards[1]!).queryByRole('link', { name: /Move out/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('Moving out on 15.12.2026')).toBeInTheDocument();
  });

  it('offers no move-out where the site has switched contract management off', async () => {
    stubContracts();
    await renderWithProviders(<ContractsPage />, {
      site: buildSite({ features: ['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'] }),
      path: '/contracts',
    });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: /Move out/ })).not.toBeInTheDocument();
  });

  it('leads to signing a new contract, and to the renewal offer only where the site offers renewals', async () => {
    const offer = { contractId: 'ct-1', contractNumber: spot.contractNumber, product: { id: 'pr-1', name: 'Lumo Kiinteä 12 kk' } };
    stubContracts({ 'GET /api/me/contract-offers': [offer] });
    const { unmount } = await renderWithProviders(<ContractsPage />, {
      site: buildSite({ features: ['CONTRACTS', 'RENEWAL_OFFERS'] }),
      path: '/contracts',
    });
    expect(await screen.findByRole('link', { name: 'Sign a new contract' })).toHaveAttribute('href', '/contracts/sign');
    const renew = await screen.findByRole('link', { name: 'See your offer for contract LE-2024-100731' });
    expect(renew).toHaveAttribute('href', '/contracts/ct-1/offer');
    // The ending contract has no offer of its own, so no link.
    expect(screen.getAllByRole('link', { name: /See your offer for contract/ })).toHaveLength(1);
    unmount();

    stubContracts({ 'GET /api/me/contract-offers': [offer] });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    await screen.findByRole('list', { name: 'Contract list' });
    expect(screen.queryByRole('link', { name: /See your offer for contract/ })).not.toBeInTheDocument();
  });

  it("leads a network operator's grid contract to its network products, where the site offers the change (decision 127)", async () => {
    const grid: ContractSummary = {
      ...spot,
      id: 'ct-4',
      contractNumber: 'KV-2024-400731',
      type: 'GridContract',
      productName: 'Tehosiirto',
    };
    stubApi({ 'GET /api/contracts': [grid, spot] });
    const { unmount } = await renderWithProviders(<ContractsPage />, {
      site: buildSite({ id: 'kallio', features: ['CONTRACTS', 'NETWORK_PRODUCT_CHANGE'] }),
      path: '/contracts',
    });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByRole('link', { name: 'Change network product, contract KV-2024-400731' })).toHaveAttribute(
      'href',
      '/contracts/ct-4/network-product',
    );
    // The energy supply has no network product.
    expect(within(cards[1]!).queryByRole('link', { name: /Change network product/ })).not.toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/contracts': [grid] });
    await renderWithProviders(<ContractsPage />, { site, path: '/contracts' });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: /Change network product/ })).not.toBeInTheDocument();
  });
});
