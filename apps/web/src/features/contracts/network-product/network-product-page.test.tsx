import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PowerPeaks } from '@portal/schema/energy';
import type { NetworkProducts } from '@portal/schema/network-products';
import type { Product } from '@portal/schema/products';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { buildActorInfo } from '../../../test/identity-factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSite } from '../../../test/test-site.ts';
import { NetworkProductPage } from './network-product-page.tsx';

const site = buildSite({ id: 'kallio', companyName: 'Kallio Verkot Oy', features: ['CONTRACTS', 'NETWORK_PRODUCT_CHANGE'] });
const path = '/contracts/ct-1/network-product';

const monthly = (priceCents: string) => ({ kind: 'Monthly' as const, unit: 'c/month' as const, priceCents, thresholdKw: null });
const kwh = (kind: 'Base' | 'Day' | 'Night' | 'DayWinter' | 'NightWinter', priceCents: string) => ({
  kind,
  unit: 'c/kWh' as const,
  priceCents,
  thresholdKw: null,
});
const product = (id: string, name: string, priceComponents: Product['priceComponents']): Product => ({
  id,
  code: id.toUpperCase(),
  name,
  description: `${name}: a network product of Kallio Verkot.`,
  utility: 'electricity',
  priceType: 'Fixed',
  productGroup: 'grid',
  visibility: 'Public',
  termMonths: null,
  availableFrom: '2024-01-01',
  availableTo: null,
  priceComponents,
});

// The server's worked example (network-products.test.ts): a year of 10 kWh peaks on Yleissiirto, invoiced every month.
const answer: NetworkProducts = {
  contractId: 'ct-1',
  contractNumber: 'KV-2024-400731',
  productName: 'Yleissiirto',
  endDate: null,
  meteringPointId: 'mp-1',
  meteringPointCode: '643001100000543210',
  address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo' },
  products: [
    product('pr-teho', 'Tehosiirto', [
      monthly('1290.00000'),
      kwh('Base', '2.40000'),
      { kind: 'Power', unit: 'c/kW', priceCents: '410.00000', thresholdKw: '8.000' },
    ]),
    product('pr-yleis', 'Yleissiirto', [monthly('1590.00000'), kwh('Base', '3.20000')]),
    product('pr-yo', 'Yösiirto', [monthly('2290.00000'), kwh('Day', '3.90000'), kwh('Night', '2.10000')]),
  ],
  period: { from: '2025-12-01', to: '2026-11-30' },
  costs: {
    meteringPointId: 'mp-1',
    meteringPointCode: '643001100000543210',
    utility: 'electricity',
    address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo' },
    pricedFrom: '2025-12-01',
    months: 12,
    kwh: 120,
    products: [
      { productId: 'pr-teho', costCents: 32138, current: false, paidCents: 24432, paidMonths: 12 },
      { productId: 'pr-yleis', costCents: 24427, current: true, paidCents: 24432, paidMonths: 12 },
      { productId: 'pr-yo', costCents: 35075, current: false, paidCents: 24432, paidMonths: 12 },
    ],
  },
  pending: null,
  lastChange: null,
  changeTakesEffect: '2027-01-01',
  nextChangeFrom: '2027-01-01',
};
const change = { contractId: 'ct-2', productId: 'pr-teho', productName: 'Tehosiirto', startDate: '2027-01-01' };
const pending: NetworkProducts = { ...answer, endDate: '2026-12-31', pending: change, lastChange: change, nextChangeFrom: '2028-01-01' };
const peaks: PowerPeaks = {
  timezone: 'Europe/Helsinki',
  month: '2026-12',
  peaks: [
    {
      meteringPointId: 'mp-1',
      gsrn: '643001100000543210',
      startsAt: '2026-12-01T16:00:00.000Z',
      kw: '9.234',
      thresholdKw: '8.000',
      chargedKw: '1.234',
    },
  ],
};

const articleOf = (name: string) => screen.getByRole('article', { name });

describe('/contracts/{id}/network-product', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the month's peak and each network product's year of the point's own use, the current and the cheapest marked", async () => {
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1/network-products': answer,
      'GET /api/dashboard/power-peaks': peaks,
    });
    await renderWithProviders(<NetworkProductPage contractId="ct-1" />, { site, path });

    expect(screen.getByRole('heading', { level: 1, name: 'Change network product' })).toBeInTheDocument();
    const peak = await screen.findByRole('region', { name: 'Power peak this month' });
    expect(within(peak).getByText('9.234 kW')).toBeInTheDocument();
    expect(within(peak).getByText(/Power charge on 1\.234 kW above the 8 kW threshold/)).toBeInTheDocument();
    expect(screen.getByText(/A change made now takes effect on 01\.01\.2027/)).toBeInTheDocument();
    expect(
      screen.getByText(/Priced on your own use at Kuusikallionkuja 7, 02210 Espoo from 01\.12\.2025 to 30\.11\.2026/),
    ).toBeInTheDocument();

    const current = articleOf('Yleissiirto');
    expect(within(current).getByText(/Your last 12 months would have cost €244\.27 \(you paid €244\.32\)/)).toBeInTheDocument();
    expect(within(current).getByText('Your current product')).toBeInTheDocument();
    expect(within(current).getByText('Cheapest for you')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    const power = articleOf('Tehosiirto');
    expect(within(power).getByText(/Power charge \(the month's highest hour\) €4\.10\/kW\/month above 8 kW/)).toBeInTheDocument();
    expect(within(power).getByText(/would have cost €321\.38/)).toBeInTheDocument();
    expect(within(power).queryByText('Cheapest for you')).not.toBeInTheDocument();
    expect(within(power).getByRole('button', { name: 'Change to Tehosiirto' })).toBeInTheDocument();
  });

  it('changes the product after asking once more, by keyboard, then shows the change pending and cancels it', async () => {
    let state = answer;
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1/network-products': () => state,
      'GET /api/dashboard/power-peaks': peaks,
      'POST /api/contracts/ct-1/network-product-change': () => (state = pending),
      'POST /api/contracts/ct-1/network-product-change/cancel': () => (state = answer),
    });
    await renderWithProviders(<NetworkProductPage contractId="ct-1" />, { site, path });
    (await screen.findByRole('button', { name: 'Change to Tehosiirto' })).focus();
    await userEvent.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Change your network product to Tehosiirto?' });
    expect(
      within(dialog).getByText(/Tehosiirto takes effect on 01\.01\.2027, and Yleissiirto stays in force until 31\.12\.2026/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/the next can take effect on 01\.01\.2028 at the earliest/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change network product' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/network-product-change')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/network-product-change')[0]!.body).toEqual({ productId: 'pr-teho' });
    expect(await screen.findByText('Your network product changes to Tehosiirto on 01.01.2027')).toBeInTheDocument();
    expect(screen.getByText(/Yleissiirto stays in force until 31\.12\.2026/)).toBeInTheDocument();
    expect(within(articleOf('Tehosiirto')).getByText('From 01.01.2027')).toBeInTheDocument();
    expect(within(articleOf('Tehosiirto')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(/the next change can take effect on 01\.01\.2028 at the earliest/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/network-product-change/cancel')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Change to Tehosiirto' })).toBeInTheDocument();
    expect(screen.queryByText('Your network product changes to Tehosiirto on 01.01.2027')).not.toBeInTheDocument();
  });

  it('says when the next change may take effect when the server refuses a second one', async () => {
    let state = pending;
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1/network-products': () => state,
      'GET /api/dashboard/power-peaks': { ...peaks, peaks: [] },
      'POST /api/contracts/ct-1/network-product-change': () =>
        new Response(
          JSON.stringify({
            name: 'BusinessRuleError',
            message: 'The network product can change once in 12 months',
            code: 'NETWORK_PRODUCT_CHANGED_RECENTLY',
            statusCode: 422,
            requestId: 'r-1',
            customerFacing: true,
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    });
    await renderWithProviders(<NetworkProductPage contractId="ct-1" />, { site, path });
    await userEvent.click(await screen.findByRole('button', { name: 'Change to Yösiirto' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change network product' }));

    const refusal = await screen.findByText('The network product was not changed');
    expect(refusal.closest('[role="alert"]')).toHaveTextContent(
      'Your last change is from 01.01.2027, so the next change can take effect on 01.01.2028 at the earliest.',
    );
    // Without a power charge at the point there is no peak to show.
    expect(screen.queryByRole('region', { name: 'Power peak this month' })).not.toBeInTheDocument();
    state = answer;
  });

  it('says exactly when each product’s hours are: every day for Yösiirto, winter weekday daytime for Kausisiirto (decision 129)', async () => {
    const kausi = product('pr-kausi', 'Kausisiirto', [
      monthly('2290.00000'),
      kwh('Day', '2.10000'),
      kwh('Night', '2.10000'),
      kwh('DayWinter', '4.90000'),
      kwh('NightWinter', '2.10000'),
    ]);
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1/network-products': { ...answer, products: [kausi, ...answer.products], costs: null },
      'GET /api/dashboard/power-peaks': peaks,
    });
    await renderWithProviders(<NetworkProductPage contractId="ct-1" />, { site, path });

    const seasonal = await screen.findByRole('article', { name: 'Kausisiirto' });
    expect(within(seasonal).getByText(/Summer day energy \(1 Apr – 31 Oct, 07–22\) 2\.10 c\/kWh/)).toBeInTheDocument();
    expect(within(seasonal).getByText(/Winter weekday daytime energy \(1 Nov – 31 Mar, Mon–Sat 07–22\) 4\.90 c\/kWh/)).toBeInTheDocument();
    expect(within(seasonal).getByText(/Winter other-time energy \(1 Nov – 31 Mar, Mon–Sat 22–07 and Sundays\)/)).toBeInTheDocument();
    expect(
      within(seasonal).getByText(
        'Winter weekday daytime is 1 November – 31 March, Monday to Saturday 07:00–22:00, public holidays on those days included. ' +
          'The other winter hours (Monday to Saturday 22:00–07:00, and all of Sunday) are other time; from 1 April to 31 October the ' +
          'summer prices apply. Hours are Europe/Helsinki time, as the clock shows it, summer time included.',
      ),
    ).toBeInTheDocument();
    const night = articleOf('Yösiirto');
    expect(within(night).getByText(/Day energy \(every day 07–22\) .* Night energy \(every day 22–07\)/)).toBeInTheDocument();
    expect(within(night).getByText('Hours are Europe/Helsinki time, as the clock shows it, summer time included.')).toBeInTheDocument();
    // A product without hours of the clock says nothing of them.
    expect(within(articleOf('Yleissiirto')).queryByText(/Hours are/)).not.toBeInTheDocument();
  });
});
