import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsagePointSearchResult } from '@portal/schema/energy';
import type { Product } from '@portal/schema/products';
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
});
