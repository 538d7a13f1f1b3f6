import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsagePointSearchResult } from '@portal/schema/energy';
import type { Product, ProductCosts } from '@portal/schema/products';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { buildActorInfo } from '../../../test/identity-factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSite } from '../../../test/test-site.ts';
import { SignPage } from './sign-page.tsx';

const found: UsagePointSearchResult = {
  usagePointId: 'gp-1',
  objectId: 'go-1',
  utility: 'electricity',
  usagePointKind: 'UsagePoint',
  address: { street: 'Kalevankatu 31 A 5', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' },
  code: '••••••••••••••2334',
  meterNumber: null,
  own: false,
};
const product = (id: string, name: string, productGroup: string): Product => ({
  id,
  code: id.toUpperCase(),
  name,
  description: `${name} description`,
  utility: 'electricity',
  priceType: 'Fixed',
  productGroup,
  visibility: 'Public',
  termMonths: 12,
  availableFrom: '2024-01-01',
  availableTo: null,
  priceComponents: [{ kind: 'Base', unit: 'c/kWh', priceCents: '8.29000', thresholdKw: null }],
});

describe('/contracts/sign', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('finds the place in the grid, refuses to go on without one, then offers the products of its utility', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'POST /api/usage-points/search': [found],
      'GET /api/products': [
        product('pr-fixed', 'Lumo Kiinteä 12 kk', 'fixed'),
        product('pr-addon', 'Tuulivoima', 'addon'),
        product('pr-grid', 'Verkko', 'grid'),
      ],
      // No use of the utility in the last twelve months: the products stand without a comparison.
      'GET /api/me/product-costs': { period: { from: '2025-07-01', to: '2026-06-30' }, points: [] } satisfies ProductCosts,
    });
    await renderWithProviders(<SignPage />, { site: buildSite({ features: ['CONTRACTS'] }), path: '/contracts/sign' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign a new contract' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose the usage point')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Street and house number' }), 'Kalevankatu 31');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Kalevankatu 31 A 5, 00100 Helsinki/ }));
    expect(callsTo(fetchMock, 'POST', '/api/usage-points/search')[0]!.body).toEqual({
      searchType: 'ADDRESS',
      searchQuery: { address: 'Kalevankatu 31' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    // Supplies only: no add-on without SIGNING_ADDITIONAL_PRODUCT, no grid product without SIGNING_OWN_GRID_PRODUCTS.
    expect(await screen.findByRole('radio', { name: 'Lumo Kiinteä 12 kk' })).toBeInTheDocument();
    expect(screen.queryByText('Tuulivoima')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Verkko' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/me/product-costs')[0]!.url).toContain('utility=electricity'));
    expect(screen.queryByText(/would have cost/)).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/products')[0]!.url).toContain('utility=electricity'));
  });

  it('lists only the customer’s own usage points where the site switches the search off, and offers add-ons where it may', async () => {
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/usage-points/me': [
        {
          id: 'mp-1',
          meteringPointId: 'mp-1',
          objectId: 'obj-1',
          gsrn: '643001100000543210',
          utility: 'electricity',
          usagePointKind: 'UsagePoint',
          biddingZone: 'FI',
          resolutionMinutes: 60,
          hasProduction: false,
          meterNumber: 'KAM-1',
          address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo', countryCode: 'FI' },
        },
      ],
      'GET /api/products': [product('pr-fixed', 'Lumo Kiinteä 12 kk', 'fixed'), product('pr-addon', 'Tuulivoima', 'addon')],
    });
    await renderWithProviders(<SignPage />, {
      site: buildSite({ features: ['CONTRACTS', 'SIGNING_USAGE_POINT_SEARCH_DISABLED', 'SIGNING_ADDITIONAL_PRODUCT'] }),
      path: '/contracts/sign',
    });
    expect(await screen.findByText('Choose one of your own usage points.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: /Kuusikallionkuja 7, 02210 Espoo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('checkbox', { name: /Tuulivoima/ })).toBeInTheDocument();
  });

  it('shows what the customer’s own last twelve months would have cost under each product, beside what they paid', async () => {
    const point = (months: number, pricedFrom: string, rows: ProductCosts['points'][number]['products']) => ({
      meteringPointId: 'mp-1',
      meteringPointCode: '643001100000543210',
      utility: 'electricity' as const,
      address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo' },
      pricedFrom,
      months,
      kwh: 120,
      products: rows,
    });
    const own = {
      id: 'mp-1',
      meteringPointId: 'mp-1',
      objectId: 'obj-1',
      gsrn: '643001100000543210',
      utility: 'electricity',
      usagePointKind: 'UsagePoint',
      biddingZone: 'FI',
      resolutionMinutes: 60,
      hasProduction: false,
      meterNumber: 'KAM-1',
      address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo', countryCode: 'FI' },
    };
    // The figures of the server's worked example (product-costs.test.ts): a whole year, invoiced month by month.
    const costs: ProductCosts = {
      period: { from: '2025-07-01', to: '2026-06-30' },
      points: [
        point(12, '2025-07-01', [
          { productId: 'pr-fixed', costCents: 5691, current: false, paidCents: 7098, paidMonths: 12 },
          { productId: 'pr-spot', costCents: 7529, current: true, paidCents: 7098, paidMonths: 12 },
        ]),
      ],
    };
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/usage-points/me': [own],
      'GET /api/products': [product('pr-spot', 'Lumo Pörssi', 'spot'), product('pr-fixed', 'Lumo Kiinteä 12 kk', 'fixed')],
      'GET /api/me/product-costs': () => costs,
    });
    await renderWithProviders(<SignPage />, {
      site: buildSite({ features: ['CONTRACTS', 'SIGNING_USAGE_POINT_SEARCH_DISABLED'] }),
      path: '/contracts/sign',
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Kuusikallionkuja 7, 02210 Espoo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByText('Priced on your own use at Kuusikallionkuja 7, 02210 Espoo from 01.07.2025 to 30.06.2026, VAT included.'),
    ).toBeInTheDocument();
    const fixed = screen.getByRole('radio', { name: 'Lumo Kiinteä 12 kk' });
    expect(fixed).toHaveAccessibleDescription(/Your last 12 months would have cost €56\.91 \(you paid €70\.98\) Cheapest for you/);
    const spot = screen.getByRole('radio', { name: 'Lumo Pörssi' });
    expect(spot).toHaveAccessibleDescription(/Your last 12 months would have cost €75\.29 \(you paid €70\.98\) Your current product/);
    expect(spot).not.toHaveAccessibleDescription(/Cheapest/);
  });

  it('says since when a shorter history is priced and how many of its months the invoices cover', async () => {
    stubApi({
      'GET /api/info': buildActorInfo(),
      'POST /api/usage-points/search': [found],
      'GET /api/products': [product('pr-fixed', 'Lumo Kiinteä 12 kk', 'fixed')],
      'GET /api/me/product-costs': {
        period: { from: '2025-07-01', to: '2026-06-30' },
        points: [
          {
            meteringPointId: 'mp-2',
            meteringPointCode: '643001100000999999',
            utility: 'electricity',
            address: { street: 'Uusikatu 2', postalCode: '00100', city: 'Helsinki' },
            pricedFrom: '2026-04-10',
            months: 3,
            kwh: 30,
            products: [{ productId: 'pr-fixed', costCents: 1313, current: false, paidCents: 1056, paidMonths: 2 }],
          },
        ],
      } satisfies ProductCosts,
    });
    await renderWithProviders(<SignPage />, { site: buildSite({ features: ['CONTRACTS'] }), path: '/contracts/sign' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Street and house number' }), 'Kalevankatu 31');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Kalevankatu 31 A 5, 00100 Helsinki/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The place being signed for is not one of the customer's: their own point of the utility is the one priced, and named.
    expect(
      await screen.findByText(/Priced on your own use at Uusikatu 2, 00100 Helsinki from 10\.04\.2026 to 30\.06\.2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Lumo Kiinteä 12 kk' })).toHaveAccessibleDescription(
      /Your use since 10\.04\.2026 would have cost €13\.13 \(you paid €10\.56 for 2 of these 3 months\)/,
    );
  });

  it('prices the customer’s own point when the grid search found it, not merely their first one', async () => {
    const ownPlace: UsagePointSearchResult = {
      ...found,
      usagePointId: 'gp-2',
      address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo', countryCode: 'FI' },
      code: '643001100000543210',
      own: true,
    };
    const priced = (meteringPointId: string, meteringPointCode: string, street: string, costCents: number) => ({
      meteringPointId,
      meteringPointCode,
      utility: 'electricity' as const,
      address: { street, postalCode: '02210', city: 'Espoo' },
      pricedFrom: '2025-07-01',
      months: 12,
      kwh: 1000,
      products: [{ productId: 'pr-fixed', costCents, current: false, paidCents: 20000, paidMonths: 12 }],
    });
    stubApi({
      'GET /api/info': buildActorInfo(),
      'POST /api/usage-points/search': [found, ownPlace],
      'GET /api/products': [product('pr-fixed', 'Lumo Kiinteä 12 kk', 'fixed')],
      'GET /api/me/product-costs': {
        period: { from: '2025-07-01', to: '2026-06-30' },
        points: [
          priced('mp-2', '643001100000999999', 'Uusikatu 2', 10000),
          priced('mp-1', '643001100000543210', 'Kuusikallionkuja 7', 15000),
        ],
      } satisfies ProductCosts,
    });
    await renderWithProviders(<SignPage />, { site: buildSite({ features: ['CONTRACTS'] }), path: '/contracts/sign' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Street and house number' }), 'Kuusikallionkuja 7');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Kuusikallionkuja 7, 02210 Espoo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Priced on your own use at Kuusikallionkuja 7, 02210 Espoo/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Lumo Kiinteä 12 kk' })).toHaveAccessibleDescription(
      /would have cost €150\.00 \(you paid €200\.00\)/,
    );
  });
});
