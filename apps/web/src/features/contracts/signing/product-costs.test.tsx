import { screen } from '@testing-library/react';
import type { PointProductCosts } from '@portal/schema/products';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductCostLine } from './product-costs.tsx';

// The server's worked example of a shorter history (product-costs.test.ts): used since 10 April, April and May invoiced.
const point: PointProductCosts = {
  meteringPointId: 'mp-2',
  meteringPointCode: '643001100000999999',
  utility: 'electricity',
  address: { street: 'Uusikatu 2', postalCode: '00100', city: 'Helsinki' },
  pricedFrom: '2026-04-10',
  months: 3,
  kwh: 30,
  products: [
    { productId: 'pr-fixed', costCents: 1313, current: false, paidCents: 1056, paidMonths: 2 },
    { productId: 'pr-new', costCents: 1734, current: false, paidCents: 0, paidMonths: 0 },
  ],
};

describe('what another product would have cost me, in the reader’s language', () => {
  it.each([
    ['fi-FI', /^Kulutuksesi 10\.04\.2026 alkaen olisi maksanut 13,13\s€ \(maksoit 10,56\s€ 2 kuukaudelta näistä 3 kuukaudesta\)/],
    ['sv-FI', /^Din förbrukning sedan 10\.04\.2026 skulle ha kostat 13,13\s€ \(du betalade 10,56\s€ för 2 av dessa 3 månader\)/],
    ['ru-RU', /^Ваше потребление с 10\.04\.2026 обошлось бы в 13,13\s€ \(вы заплатили 10,56\s€ за 2 из 3 месяцев\)/],
    ['lv-LV', /^Jūsu patēriņš kopš 10\.04\.2026 būtu izmaksājis 13,13\s€ \(jūs samaksājāt 10,56\s€ par 2 no šiem 3 mēnešiem\)/],
  ] as const)('%s says how many of the months the invoices cover', async (locale, text) => {
    await renderWithProviders(<ProductCostLine point={point} productId="pr-fixed" cheapest={false} />, { locale });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says when nothing of the months is invoiced yet, and marks the cheapest', async () => {
    await renderWithProviders(<ProductCostLine point={point} productId="pr-new" cheapest />, { locale: 'et-EE' });
    expect(
      await screen.findByText(/^Sinu tarbimine alates 10\.04\.2026 oleks maksnud 17,34\s€ \(arvet pole veel esitatud\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Sulle soodsaim')).toBeInTheDocument();
  });
});
