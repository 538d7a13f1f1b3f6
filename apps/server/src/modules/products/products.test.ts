import { instantAt, todayIn } from '@portal/schema/calendar-dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildContract, buildMeteringPoint, customerIdOf, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { contractOffers } from './contract-offers.ts';
import { isVisibleTo } from './product-visibility.ts';

const names = (body: { name: string }[]) => body.map((item) => item.name).sort();

describe('product catalogue and renewal offers', () => {
  const ctx = useTestApp();
  let aino: string;
  let ainoForCompany: string;
  let mikko: string;
  let liisa: string;
  let ainoPoint: string;
  let ainoContract: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    ainoForCompany = await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    liisa = await sessionCookieFor(db, PEOPLE.liisaNewcomer, 'lumo');
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    ainoPoint = point.id;
    // Lumo Pörssi: 0.49 c/kWh on the spot price, 3.95 € a month.
    ainoContract = await buildContract(db, point, {
      priceType: 'Hourly',
      startDate: '2024-01-01',
      components: [
        { kind: 'Margin', priceCents: '0.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    await db.execute(`update contract set product_name = 'Lumo Pörssi' where id = '${ainoContract}'`);
    // 48 hours of 1 kWh at a spot price of 100 €/MWh (10 c/kWh), up to today (the estimates read to yesterday).
    const to = instantAt(todayIn('Europe/Helsinki'), 0, 'Europe/Helsinki');
    const from = new Date(to.getTime() - 48 * 3_600_000);
    await insertReadings(db, point.id, { from, to, wh: () => 1000 });
    await insertSpotPrices(db, 'FI', { from, to, minutes: 60, eurPerMwh: () => '100.00' });
  });

  const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie } });

  it('shows each person the products their visibility allows', async () => {
    expect(names((await get('/api/products', aino)).json())).toEqual([
      'Lumo Kiinteä 12 kk',
      'Lumo Pörssi',
      'Lumo Pörssi Katto',
      'Tuulivoima',
    ]);
    expect(names((await get('/api/products', mikko)).json())).toEqual(['Lumo Kiinteä 12 kk', 'Lumo Pörssi', 'Tuulivoima']);
    // Acting for her company Aino sees the companies' product, not the one personal to her own customer account.
    expect(names((await get('/api/products', ainoForCompany)).json())).toEqual([
      'Lumo Kiinteä 12 kk',
      'Lumo Pörssi',
      'Lumo Yritys Kausi',
      'Tuulivoima',
    ]);
    expect(names((await get('/api/products?campaignCode=syksy2026', mikko)).json())).toContain('Lumo Syksy 2026');
    expect(names((await get('/api/products?campaignCode=KEVAT', mikko)).json())).not.toContain('Lumo Syksy 2026');
    const katto = (await get('/api/products', aino)).json().find((item: { code: string }) => item.code === 'LUMO-PORSSI-KATTO');
    expect(katto).not.toHaveProperty('personalCustomerId');
    expect(katto.priceComponents).toContainEqual({ kind: 'Ceiling', unit: 'c/kWh', priceCents: '15.00000', thresholdKw: null });
  });

  it('filters by product group only where the site offers the filtering', async () => {
    expect(names((await get('/api/products?productGroup=spot', mikko)).json())).toEqual(['Lumo Pörssi']);
    // Virmalise does not filter by group: the group asked for is no filter there.
    const jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    const virmalise = await ctx.app.inject({ url: '/api/products?productGroup=spot', headers: { host: HOSTS.virmalise, cookie: jaan } });
    expect(names(virmalise.json())).toEqual(['Virmalise Fix 24']);
    expect((await get('/api/products?utility=gas', mikko)).json()).toEqual([]);
  });

  it('answers named products as a newcomer of the stated kind may sign them, and only for the caller’s own point', async () => {
    const url = '/api/products/by-ids?productId[]=pr-lumo-yritys-kausi&productId[]=pr-lumo-porssi';
    expect(names((await get(`${url}&legalEntity=true`, liisa)).json())).toEqual(['Lumo Pörssi', 'Lumo Yritys Kausi']);
    expect(names((await get(`${url}&legalEntity=false`, liisa)).json())).toEqual(['Lumo Pörssi']);
    // A customer is what they are, whatever they claim.
    expect(names((await get(`${url}&legalEntity=true`, aino)).json())).toEqual(['Lumo Pörssi']);
    expect(names((await get(`${url}&supplyStartDate=2023-12-31`, aino)).json())).toEqual([]);
    expect((await get(`${url}&meteringPointId=${ainoPoint}`, aino)).statusCode).toBe(200);
    expect((await get(`${url}&meteringPointId=${ainoPoint}`, mikko)).statusCode).toBe(404);
    expect((await get('/api/products/by-ids', aino)).statusCode).toBe(400);
  });

  const offersOf = async (clientCode: string) => {
    const db = ctx.database.db;
    const id = await customerIdOf(db, 'lumo', clientCode);
    return contractOffers(
      { db },
      { siteId: 'lumo', customerId: id },
      { id, type: 'private' },
      { timezone: 'Europe/Helsinki', countryCode: 'FI' },
      new Date(),
    );
  };

  it('answers the offers call on a site that offers renewals, each customer their own', async () => {
    const mine = (await get('/api/me/contract-offers', aino)).json<{ contractId: string }[]>();
    expect(mine.map((offer) => offer.contractId)).toContain(ainoContract);
    const theirs = (await get('/api/me/contract-offers', mikko)).json<{ contractId: string }[]>();
    expect(theirs.map((offer) => offer.contractId)).not.toContain(ainoContract);
  });

  it('offers renewals for live contracts with both prices of the customer’s own last year', async () => {
    const offers = await offersOf('LUMO-100001');
    const mine = offers.filter((offer) => offer.contractId === ainoContract);
    expect(names(mine.map((offer) => offer.product))).toEqual(['Lumo Kiinteä 12 kk', 'Lumo Pörssi Katto']);
    const fixed = mine.find((offer) => offer.product.name === 'Lumo Kiinteä 12 kk')!;
    expect(fixed.yearlyKwh).toBe(48);
    // Billed as an invoice of the twelve months (decision 094): 480 c spot + 48 × 0.49 c = 23.52 → 24 c margin + 12 × 395 c
    // = 5244 c, with 25.5 % VAT (1337.2 → 1337 c) 6581 c.
    expect(fixed.currentYearlyCents).toBe(6581);
    // Offered: 48 × 8.29 c = 397.92 → 398 c + 12 × 295 c = 3938 c, with VAT (1004.2 → 1004 c) 4942 c.
    expect(fixed.offeredYearlyCents).toBe(4942);
    // Capped spot: 480 c + 48 × 0.79 c = 37.92 → 38 c + 4740 c = 5258 c, with VAT (1340.8 → 1341 c) 6599 c.
    expect(mine.find((offer) => offer.product.name === 'Lumo Pörssi Katto')!.offeredYearlyCents).toBe(6599);
  });

  it('never offers on another customer’s contracts', async () => {
    const offers = await offersOf('LUMO-100002');
    expect(offers.map((offer) => offer.contractId)).not.toContain(ainoContract);
    expect(offers.map((offer) => offer.product.name)).not.toContain('Lumo Pörssi Katto');
  });

  it('shows a campaign product only with its code and nothing of Unknown visibility', () => {
    const campaign = { visibility: 'CampaignCode' as const, targetGroup: null, personalCustomerId: null, campaignCode: 'SYKSY2026' };
    expect(isVisibleTo(campaign, { customerId: null, customerType: null, campaignCode: ' syksy2026 ' })).toBe(true);
    expect(isVisibleTo(campaign, { customerId: 'c', customerType: 'private', campaignCode: null })).toBe(false);
    expect(
      isVisibleTo(
        { ...campaign, visibility: 'Unknown', campaignCode: null },
        { customerId: 'c', customerType: 'private', campaignCode: null },
      ),
    ).toBe(false);
  });
});
