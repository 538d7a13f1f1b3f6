import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDay, todayIn } from '@portal/schema/calendar-dates';
import { buildContract, buildMeteringPoint } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { extractPdfText } from '../../test-support/pdf-text.ts';
import { changeBillingChannel } from './change-billing-channel.ts';
import { renderContractPdf } from './contract-pdf.ts';
import { availableChannels } from './contract-views.ts';

describe('contracts of the acting customer', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Helsinki');
  let aino: string;
  let mikko: string;
  let ainoContract: string;
  let endedContract: string;
  let endingContract: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    const home = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', street: 'Kuusikallionkuja 7', city: 'Espoo' });
    ainoContract = await buildContract(db, home, {
      contractNumber: 'LE-TEST-1',
      priceType: 'Hourly',
      startDate: '2025-01-01',
      components: [
        { kind: 'Margin', priceCents: '0.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    const cottage = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', street: 'Mökkitie 3', city: 'Kuopio' });
    endedContract = await buildContract(db, cottage, {
      contractNumber: 'LE-TEST-0',
      startDate: '2023-01-01',
      endDate: '2024-12-31',
      components: [{ kind: 'Base', priceCents: '7.00000' }],
    });
    const flat = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', street: 'Satamakatu 1', city: 'Helsinki' });
    endingContract = await buildContract(db, flat, {
      contractNumber: 'LE-TEST-2',
      startDate: '2024-06-01',
      endDate: addDays(today, 30),
      components: [
        { kind: 'Day', priceCents: '9.20000' },
        { kind: 'Night', priceCents: '6.70000' },
      ],
    });
  });

  const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie } });
  const post = (url: string, cookie: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
    });

  it('lists the customer’s contracts newest first with status, utility, place and metering point', async () => {
    const response = await get('/api/contracts', aino);
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: string; status: string; address: { street: string }; utility: string }[]>();
    expect(list.map((item) => item.id)).toEqual([ainoContract, endingContract, endedContract]);
    expect(list[0]).toMatchObject({ status: 'active', utility: 'electricity', address: { street: 'Kuusikallionkuja 7' } });
    expect(list[1]!.status).toBe('ending');
    expect(list[2]!.status).toBe('ended');
  });

  it('shows one contract with its prices, VAT included, and its billing', async () => {
    const response = await get(`/api/contracts/${ainoContract}`, aino);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      contractNumber: 'LE-TEST-1',
      priceType: 'Hourly',
      vatPermille: 255,
      vatDate: today,
      billing: { channel: 'Email', target: 'test@example.fi', operator: null },
      priceComponents: [
        { kind: 'Margin', unit: 'c/kWh', priceCents: '0.49000', priceWithVatCents: '0.61495' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000', priceWithVatCents: '495.72500' },
      ],
    });
    const channels = (await get(`/api/contracts/${ainoContract}/billing-channels`, aino)).json();
    expect(channels).toEqual({
      current: { channel: 'Email', target: 'test@example.fi', operator: null },
      available: ['Email', 'Address', 'EInvoiceRequest'],
    });
  });

  it('sends the contract as PDF, uncached, with its prices; 204 for what is not the customer’s', async () => {
    const response = await get(`/api/contracts/${ainoContract}/download`, aino);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(/LE-TEST-1\.pdf/);
    const text = extractPdfText(
      await renderContractPdf(
        {
          contract: (await get(`/api/contracts/${ainoContract}`, aino)).json(),
          company: { name: 'Lumo Energia Oy' },
          customer: { name: 'Aino Virtanen', clientCode: 'LUMO-100001' },
          locale: 'fi-FI',
          timezone: 'Europe/Helsinki',
        },
        { compress: false },
      ),
    );
    expect(text).toContain('Kuusikallionkuja 7');
    expect(text).toContain('Sopimus LE-TEST-1 · Voimassa');
    expect(text).toContain('Sähkönmyyntisopimus · Pörssihinta');
    expect(text).toMatch(/Sis\. ALV 25,5\s%/);
    expect((await get(`/api/contracts/${ainoContract}/download`, mikko)).statusCode).toBe(204);
    expect((await get('/api/contracts/no-such-contract/download', aino)).statusCode).toBe(204);
  });

  it('shows prices with the VAT in force today, an ended price with its own days’ rate, a contract to come with its start’s', async () => {
    const db = ctx.database.db;
    const flat = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', street: 'Hämeenkatu 21 B 14', city: 'Tampere' });
    const fixed = await buildContract(db, flat, {
      startDate: '2024-01-01',
      components: [
        { kind: 'Base', priceCents: '7.49000', validFrom: '2024-01-01', validTo: '2024-08-31' },
        { kind: 'Base', priceCents: '8.99000', validFrom: '2024-09-01' },
      ],
    });
    const detail = (await get(`/api/contracts/${fixed}`, mikko)).json();
    expect(detail).toMatchObject({ vatPermille: 255, vatDate: today });
    // 7.49 c was charged until 31 August 2024, at 24 %: 9.2876 c, not 7.49 × 1.255.
    expect(detail.priceComponents).toEqual([
      {
        kind: 'Base',
        unit: 'c/kWh',
        priceCents: '7.49000',
        thresholdKw: null,
        priceWithVatCents: '9.28760',
        vatPermille: 240,
        validFrom: '2024-01-01',
        validTo: '2024-08-31',
      },
      {
        kind: 'Base',
        unit: 'c/kWh',
        priceCents: '8.99000',
        thresholdKw: null,
        priceWithVatCents: '11.28245',
        vatPermille: 255,
        validFrom: '2024-09-01',
        validTo: null,
      },
    ]);
    const text = extractPdfText(
      await renderContractPdf(
        {
          contract: detail,
          company: { name: 'Lumo Energia Oy' },
          customer: { name: 'Mikko Korhonen', clientCode: 'LUMO-100002' },
          locale: 'fi-FI',
          timezone: 'Europe/Helsinki',
        },
        { compress: false },
      ),
    );
    expect(text).toMatch(/9,288\s*snt\/kWh\s*\(24\s%\)/);
    expect(text.replace(/\s+/g, ' ')).toContain(`Verolliset hinnat ${formatDay(today)} voimassa olevalla ALV-kannalla`);

    // A seasonal contract names its Day and Night as the summer's and says when winter weekday daytime is (decision 129).
    const shop = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', street: 'Kauppakatu 5', city: 'Tampere' });
    const seasonal = await buildContract(db, shop, {
      components: [
        { kind: 'Day', priceCents: '8.40000' },
        { kind: 'Night', priceCents: '7.10000' },
        { kind: 'DayWinter', priceCents: '10.90000' },
        { kind: 'NightWinter', priceCents: '7.90000' },
      ],
    });
    const seasonalText = extractPdfText(
      await renderContractPdf(
        {
          contract: (await get(`/api/contracts/${seasonal}`, mikko)).json(),
          company: { name: 'Lumo Energia Oy' },
          customer: { name: 'Mikko Korhonen', clientCode: 'LUMO-100002' },
          locale: 'fi-FI',
          timezone: 'Europe/Helsinki',
        },
        { compress: false },
      ),
    )
      .replace(/\s+/g, ' ')
      // A narrow column may break its line after a dash.
      .replace(/– /g, '–');
    expect(seasonalText).toContain('Kesän päiväenergia (1.4.–31.10., 7–22)');
    expect(seasonalText).toContain('Talviarkipäivän energia (1.11.–31.3., ma–la 7–22)');
    expect(seasonalText).toContain('Talven muun ajan energia (1.11.–31.3., ma–la 22–7 ja sunnuntait)');
    expect(seasonalText).toContain(
      'Talviarkipäivä on 1.11.–31.3. maanantaista lauantaihin klo 7–22, myös näille päiville osuvat arkipyhät.',
    );
    expect(seasonalText).toContain('Tunnit luetaan kellon mukaan (Europe/Helsinki-aikaa), kesäaika mukaan lukien.');

    const cottage = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', street: 'Mökkitie 3', city: 'Korpilahti' });
    const start = addDays(today, 20);
    const coming = await buildContract(db, cottage, {
      startDate: start,
      components: [{ kind: 'Base', priceCents: '8.00000', validFrom: start }],
    });
    expect((await get(`/api/contracts/${coming}`, mikko)).json()).toMatchObject({ vatDate: start, vatPermille: 255 });
  });

  it('never shows or changes one customer’s contract to another', async () => {
    const list = (await get('/api/contracts', mikko)).json<{ id: string }[]>();
    expect(list.map((item) => item.id)).not.toContain(ainoContract);
    expect((await get(`/api/contracts/${ainoContract}`, mikko)).statusCode).toBe(404);
    expect((await get(`/api/contracts/${ainoContract}/billing-channels`, mikko)).statusCode).toBe(404);
    const change = await post(`/api/contracts/${ainoContract}/change-billing-channels`, mikko, {
      channel: 'Address',
      target: 'Mikon katu 1, 33200 Tampere',
    });
    expect(change.statusCode).toBe(404);
    expect((await get(`/api/contracts/${ainoContract}`, aino)).json().billing.channel).toBe('Email');
  });

  it('changes the billing channel after checking its target', async () => {
    const url = `/api/contracts/${ainoContract}/change-billing-channels`;
    const badIban = await post(url, aino, { channel: 'EInvoiceRequest', target: 'FI21 1234 5600 0007 86', operator: 'Nordea' });
    expect(badIban.statusCode).toBe(400);
    const notForPrivate = await post(url, aino, { channel: 'OVT', target: '003701120389', operator: 'Maventa' });
    expect(notForPrivate.statusCode).toBe(422);
    expect(notForPrivate.json().code).toBe('BILLING_CHANNEL_NOT_AVAILABLE');
    const changed = await post(url, aino, { channel: 'EInvoiceRequest', target: 'fi21 1234 5600 0007 85', operator: 'Nordea' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().billing).toEqual({ channel: 'EInvoiceRequest', target: 'FI2112345600000785', operator: 'Nordea' });
    expect((await get(`/api/contracts/${ainoContract}`, aino)).json().billing.channel).toBe('EInvoiceRequest');
  });

  it('keeps the billing of an ended contract', async () => {
    const response = await post(`/api/contracts/${endedContract}/change-billing-channels`, aino, {
      channel: 'Address',
      target: 'Kuusikallionkuja 7, 02210 Espoo',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('CONTRACT_STATUS_REFUSED');
  });

  it('refuses every change where the site has switched contract management off', async () => {
    const db = ctx.database.db;
    const scope = { siteId: 'lumo', customerId: (await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' })).customerId };
    await expect(
      changeBillingChannel({ db }, scope, { type: 'private' }, { countryCode: 'FI', managementDisabled: true, today }, ainoContract, {
        channel: 'Email',
        target: 'aino@example.fi',
      }),
    ).rejects.toMatchObject({ code: 'CONTRACT_MANAGEMENT_DISABLED' });
  });

  it('offers companies the e-invoice address of their country', () => {
    expect(availableChannels('legal', 'FI')).toEqual(['Email', 'Address', 'OVT']);
    expect(availableChannels('legal', 'EE')).toEqual(['Email', 'Address', 'IBAN']);
  });
});
