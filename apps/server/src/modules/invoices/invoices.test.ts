import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoice, invoicePostponement } from '../../db/schema/billing.ts';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { extractPdfText } from '../../test-support/pdf-text.ts';
import { renderInvoiceCsv } from './invoice-csv.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { formatMoney, formatVatRate } from '../../platform/document-texts.ts';

const JANIS = 'LV220790-45671';

describe('invoices of a customer with hundreds of them', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Helsinki');
  let aino: string;
  let mikko: string;
  let numbers: string[] = [];

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // 240 monthly invoices: the latest unpaid and due in the future, the one before overdue, the rest paid.
    for (let offset = 240; offset >= 1; offset--) {
      const periodStart = monthStart(today, -offset);
      const dueDate = offset === 1 ? addDays(today, 4) : addDays(monthStart(today, -offset + 1), 20);
      const created = await buildInvoice(db, {
        contract,
        invoiceNumber: `A-${String(240 - offset).padStart(4, '0')}`,
        periodStart,
        issueDate: addDays(monthStart(today, -offset + 1), 4),
        dueDate: offset === 2 ? addDays(today, -10) : dueDate,
        paymentStatus: offset <= 2 ? 'unpaid' : 'paid',
        rows: [
          { componentKind: 'Base', unit: 'kWh', quantity: '300.000', unitPriceCents: '8.49000', netCents: 2547 + offset },
          { componentKind: 'Monthly', unit: 'month', quantity: '1.000', unitPriceCents: '395.00000', netCents: 395 },
        ],
      });
      numbers.push(created.invoiceNumber);
    }
    numbers = numbers.reverse();
  });

  const get = (url: string, cookie: string, host: string = HOSTS.lumo) => ctx.app.inject({ url, headers: { host, cookie } });

  it('pages through them newest first with the total count', async () => {
    const first = await get('/api/invoices?pageSize=50', aino);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(240);
    expect(body.invoices).toHaveLength(50);
    const dueDates = body.invoices.map((item: { dueDate: string }) => item.dueDate);
    expect(dueDates).toEqual([...dueDates].sort().reverse());
    const third = (await get('/api/invoices?pageSize=50&page=5', aino)).json();
    expect(third.invoices).toHaveLength(40);
    const all = new Set<string>();
    for (let page = 1; page <= 5; page++) {
      for (const item of (await get(`/api/invoices?pageSize=50&page=${page}`, aino)).json().invoices) all.add(item.id);
    }
    expect(all.size).toBe(240);
  });

  it('filters by status under the name type, overdue being unpaid past due', async () => {
    const unpaid = (await get('/api/invoices?type=unpaid', aino)).json();
    expect(unpaid.total).toBe(2);
    const overdue = (await get('/api/invoices?type=overdue', aino)).json();
    expect(overdue.total).toBe(1);
    expect(overdue.invoices[0]).toMatchObject({ overdue: true, paymentStatus: 'unpaid' });
    const paid = (await get('/api/invoices?type=paid&sort=total&pageSize=3', aino)).json();
    expect(paid.total).toBe(238);
    expect(paid.invoices.map((item: { totalCents: number }) => item.totalCents)).toEqual(
      [...paid.invoices.map((item: { totalCents: number }) => item.totalCents)].sort((a, b) => a - b),
    );
  });

  it('refuses a bad filter or page size with a 400 that says why', async () => {
    const response = await get('/api/invoices?type=late&pageSize=500', aino);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'ValidationError' });
    expect(response.json().message).toContain('pageSize');
  });

  it('answers one invoice with rows whose sums hold', async () => {
    const response = await get(`/api/invoices/${numbers[0]}`, aino);
    expect(response.statusCode).toBe(200);
    const found = response.json();
    const rowSum = found.rows.reduce((sum: number, row: { netCents: number }) => sum + row.netCents, 0);
    expect(found.netCents).toBe(rowSum);
    expect(found.vatCents).toBe(Math.round((found.netCents * 255) / 1000));
    expect(found.totalCents).toBe(found.netCents + found.vatCents);
    expect(found.rows[0]).toMatchObject({
      componentKind: 'Base',
      unit: 'kWh',
      quantity: '300.000',
      unitPriceCents: '8.49000',
      utility: 'electricity',
    });
    expect(found.utilities).toEqual(['electricity']);
  });

  it("gives customer B nothing of customer A's invoices, downloads included", async () => {
    const found = (await get(`/api/invoices/${numbers[0]}`, aino)).json();
    expect((await get(`/api/invoices/${numbers[0]}`, mikko)).statusCode).toBe(404);
    expect((await get('/api/invoices', mikko)).json()).toEqual({ invoices: [], total: 0 });
    const pdf = await get(`/api/invoices/${found.id}/download`, mikko);
    expect(pdf.statusCode).toBe(204);
    expect(pdf.body).toBe('');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect((await get(`/api/invoices/${found.id}/download/csv`, mikko)).statusCode).toBe(204);
    const postpone = await ctx.app.inject({
      method: 'PUT',
      url: `/api/invoices/${numbers[0]}/postpone`,
      headers: { host: HOSTS.lumo, cookie: mikko, 'content-type': 'application/json' },
      payload: { dueDate: addDays(today, 6) },
    });
    expect(postpone.statusCode).toBe(404);
    // The same session on another site sees nothing either.
    expect((await get(`/api/invoices/${numbers[0]}`, aino, HOSTS.virmalise)).statusCode).toBe(401);
  });

  it('postpones the unpaid invoice once, within 14 days, and says why it refuses', async () => {
    const number = numbers[0]!;
    const put = (dueDate: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/invoices/${number}/postpone`,
        headers: { host: HOSTS.lumo, cookie: aino, 'content-type': 'application/json' },
        payload: { dueDate },
      });
    const before = (await get(`/api/invoices/${number}`, aino)).json();
    expect(before.postponement).toMatchObject({ allowed: true, minDate: addDays(before.dueDate, 1), maxDate: addDays(before.dueDate, 14) });

    const tooFar = await put(addDays(before.dueDate, 15));
    // Spec §8: a business refusal is 422, customer-facing, so the web shows it in yellow.
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json()).toMatchObject({ code: 'POSTPONE_DATE_TOO_FAR', name: 'BusinessRuleError', customerFacing: true });
    const notLater = await put(before.dueDate);
    expect(notLater.json()).toMatchObject({ code: 'POSTPONE_DATE_NOT_LATER' });
    const malformed = await put('31.12.2026');
    expect(malformed.statusCode).toBe(400);
    // Nothing was written by the refusals.
    const [written] = await ctx.database.db.select({ value: count() }).from(invoicePostponement);
    expect(written?.value).toBe(0);

    const ok = await put(addDays(before.dueDate, 7));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: before.id, dueDate: addDays(before.dueDate, 7), originalDueDate: before.dueDate });
    expect(ok.json().postponement).toMatchObject({ allowed: false, refusal: 'POSTPONEMENT_LIMIT_REACHED', postponementsUsed: 1 });

    const again = await put(addDays(before.dueDate, 10));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'POSTPONEMENT_LIMIT_REACHED', name: 'BusinessRuleError', customerFacing: true });
    const [row] = await ctx.database.db.select().from(invoice).where(eq(invoice.invoiceNumber, number));
    expect(row!.dueDate).toBe(addDays(before.dueDate, 7));
  });

  it('refuses to postpone a paid invoice with 422', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/invoices/${numbers[5]}/postpone`,
      headers: { host: HOSTS.lumo, cookie: aino, 'content-type': 'application/json' },
      payload: { dueDate: addDays(today, 3) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'INVOICE_ALREADY_PAID' });
  });

  it('sums the dashboard card: unpaid, overdue, next due and latest', async () => {
    const response = await get('/api/dashboard/invoices', aino);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ unpaidCount: 2, overdueCount: 1 });
    expect(body.nextDue.overdue).toBe(true);
    expect(body.latest).toHaveLength(3);
    // The same invoices as the list gives, sorted as the card says: the unpaid one due first, the three issued last.
    const [dueFirst] = (await get('/api/invoices?type=unpaid&sort=dueDate&pageSize=1', aino)).json().invoices;
    expect(body.nextDue).toEqual(dueFirst);
    expect(body.latest).toEqual((await get('/api/invoices?sort=-issueDate&pageSize=3', aino)).json().invoices);
  });

  /** Statements the route's requests sent so far, by the copy's own metric. */
  const statementsOf = async (route: string) =>
    (await ctx.app.metrics.requestStatements.get()).values.find(
      (value) => value.metricName === 'portal_http_request_statements_sum' && value.labels.route === route,
    )?.value ?? 0;

  it('reads an invoice with its rows in one statement and its seller in another (decision 135)', async () => {
    await get('/api/me', aino);
    const before = await statementsOf('/api/invoices/:invoiceNumber');
    const found = (await get(`/api/invoices/${numbers[0]}`, aino)).json();
    expect((await statementsOf('/api/invoices/:invoiceNumber')) - before).toBe(2);
    // The rows as stored, in position order, exact: quantities and unit prices as decimal strings.
    expect(found.rows.map((row: { position: number }) => row.position)).toEqual([1, 2]);
    expect(found.rows[0]).toMatchObject({ quantity: '300.000', unitPriceCents: '8.49000', netCents: 2548, vatPermille: 255 });
    expect(found.payment).toMatchObject({ payee: expect.any(String) });
  });

  it('reads the dashboard card in one statement (decision 135)', async () => {
    const statements = () => statementsOf('/api/dashboard/invoices');
    // A change of her invoices drops the kept answer (decision 082), so the card is read again, not taken from memory.
    await ctx.database.db
      .update(invoice)
      .set({ dueDate: sql`${invoice.dueDate}` })
      .where(eq(invoice.invoiceNumber, numbers[0]!));
    await ctx.app.customerAnswers.caughtUp();
    await get('/api/me', aino);
    const before = await statements();
    expect((await get('/api/dashboard/invoices', aino)).json()).toMatchObject({ unpaidCount: 2, overdueCount: 1 });
    expect((await statements()) - before).toBe(1);
  });

  it('counts in the same answer as the page, past the last page and under a filter too', async () => {
    expect((await get('/api/invoices?pageSize=50&page=9', aino)).json()).toEqual({ invoices: [], total: 240 });
    const overdue = (await get('/api/invoices?type=overdue&pageSize=10', aino)).json();
    expect(overdue.total).toBe(1);
    expect(overdue.invoices).toHaveLength(1);
    const paid = (await get('/api/invoices?type=paid&pageSize=10&page=3', aino)).json();
    expect(paid).toMatchObject({ total: 238 });
    expect(paid.invoices).toHaveLength(10);
  });

  it('sums every unpaid invoice on the dashboard, not only the latest three, and zeros for none', async () => {
    const all = (await get('/api/invoices?type=unpaid&pageSize=100', aino)).json();
    const unpaidTotalCents = all.invoices.reduce((sum: number, item: { totalCents: number }) => sum + item.totalCents, 0);
    expect((await get('/api/dashboard/invoices', aino)).json()).toMatchObject({ unpaidCount: 2, unpaidTotalCents, overdueCount: 1 });
    expect((await get('/api/dashboard/invoices', mikko)).json()).toEqual({
      unpaidCount: 0,
      unpaidTotalCents: 0,
      overdueCount: 0,
      nextDue: null,
      latest: [],
    });
  });

  it('downloads the rows as CSV where the site offers it', async () => {
    const found = (await get(`/api/invoices/${numbers[0]}`, aino)).json();
    const response = await get(`/api/invoices/${found.id}/download/csv`, aino);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Lasku%20${found.invoiceNumber}.csv`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Issue 24: as Finnish Excel opens it: semicolons, decimal commas, the unit in Finnish; two rows, then the
    // invoice's one VAT line: its net, rate and VAT.
    expect(lines[0]).toBe(
      'Laskun numero;Rivi;Käyttöpaikka;Energialaji;Hintakomponentti;Määrä;Yksikkö;Yksikköhinta (senttiä);Veroton (EUR);ALV %;ALV (EUR)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(`${found.invoiceNumber};1;${found.rows[0].gsrn};Sähkö;Energia;300,000;kWh;8,49000;25,48;25,5;`);
    expect(lines[2]).toBe(`${found.invoiceNumber};2;${found.rows[1].gsrn};Sähkö;Perusmaksu;1,000;kk;395,00000;3,95;25,5;`);
    const comma = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    expect(lines[3]).toBe(`${found.invoiceNumber};;;;ALV-erittely;;;;${comma(found.netCents)};25,5;${comma(found.vatCents)}`);
  });

  it('downloads the same CSV with commas and decimal points in English', async () => {
    const found = (await get(`/api/invoices/${numbers[0]}`, aino)).json();
    const response = await get(`/api/invoices/${found.id}/download/csv`, `${aino}; NEXT_LOCALE=en-GB`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice number,Row,Metering point,Utility,Price component,Quantity,Unit,Unit price (cents),Net (EUR),VAT %,VAT (EUR)',
    );
    expect(lines[2]).toBe(`${found.invoiceNumber},2,${found.rows[1].gsrn},Electricity,Monthly fee,1.000,month,395.00000,3.95,25.5,`);
    expect(lines[3]).toBe(
      `${found.invoiceNumber},,,,VAT line,,,,${(found.netCents / 100).toFixed(2)},25.5,${(found.vatCents / 100).toFixed(2)}`,
    );
  });
});

describe('invoice PDF', () => {
  const ctx = useTestApp();

  it('is a real PDF in the customer’s language with the number, the total and every letter of the name', async () => {
    const db = ctx.database.db;
    const cookie = await sessionCookieFor(db, JANIS, 'daugava');
    const contract = await buildBilledContract(db, { siteId: 'daugava', clientCode: 'DS-300502' });
    const today = todayIn('Europe/Riga');
    const created = await buildInvoice(db, { contract, periodStart: monthStart(today, -1), dueDate: addDays(today, 10), vatPermille: 210 });

    const response = await ctx.app.inject({ url: `/api/invoices/${created.id}/download`, headers: { host: HOSTS.daugava, cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Rekins ${created.invoiceNumber}.pdf"; filename*=UTF-8''R%C4%93%C4%B7ins%20${created.invoiceNumber}.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = extractPdfText(response.rawPayload);
    expect(text).toContain(created.invoiceNumber);
    expect(text).toContain('Jānis Ozoliņš');
    expect(text).toContain('Daugavas Siltums SIA');
    expect(text).toContain('Rēķins');
    expect(text).toContain(formatMoney(created.totalCents, 'lv-LV'));
    expect(text).toContain('PVN 21%');
    // The monthly fee in euros per month, not "395,00000 c/month".
    expect(text).toContain(`${formatMoney(395, 'lv-LV')}/mēn.`);
    expect(text).not.toContain('395,00000');
  });

  it("bills a network operator's power charge in kW at euros per kW a month, in PDF and CSV alike (decision 119)", async () => {
    const db = ctx.database.db;
    const cookie = await sessionCookieFor(db, PEOPLE.aino, 'kallio');
    const contract = await buildBilledContract(db, { siteId: 'kallio', clientCode: 'KV-400101' });
    const today = todayIn('Europe/Helsinki');
    const created = await buildInvoice(db, {
      contract,
      periodStart: monthStart(today, -1),
      dueDate: addDays(today, 10),
      rows: [
        { componentKind: 'Base', unit: 'kWh', quantity: '1408.000', unitPriceCents: '2.40000', netCents: 3379 },
        // The month's peak hour 11.234 kW: 3.234 kW above 8 kW × 4.10 € = 13.26 €.
        { componentKind: 'Power', unit: 'kW', quantity: '3.234', unitPriceCents: '410.00000', netCents: 1326 },
        { componentKind: 'Monthly', unit: 'month', quantity: '1.000', unitPriceCents: '1290.00000', netCents: 1290 },
      ],
    });
    const get = (url: string) => ctx.app.inject({ url, headers: { host: HOSTS.kallio, cookie } });
    const text = extractPdfText((await get(`/api/invoices/${created.id}/download`)).rawPayload);
    expect(text).toContain('Tehomaksu');
    expect(text).toContain('3,234 kW');
    expect(text).toContain(`${formatMoney(410, 'fi-FI')}/kW/kk`);
    // Kallio offers no CSV download; the CSV is the same rows where a site does.
    const csv = renderInvoiceCsv((await get(`/api/invoices/${created.invoiceNumber}`)).json(), 'fi-FI');
    expect(csv).toContain(';Tehomaksu;3,234;kW;');
  });

  it('shows an invoice across a rate change with a VAT line per rate, in JSON, PDF and CSV alike', async () => {
    const db = ctx.database.db;
    const cookie = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // 16 August–15 September 2024, 1 kWh an hour at 10 c and 3 € a month, as billed across Finland's change to 25.5 %.
    const created = await buildInvoice(db, {
      contract,
      periodStart: '2024-08-16',
      periodEnd: '2024-09-15',
      issueDate: '2024-09-20',
      dueDate: '2024-10-11',
      rows: [
        { componentKind: 'Base', unit: 'kWh', quantity: '384.000', unitPriceCents: '10.00000', netCents: 3840, vatPermille: 240 },
        { componentKind: 'Base', unit: 'kWh', quantity: '360.000', unitPriceCents: '10.00000', netCents: 3600, vatPermille: 255 },
        { componentKind: 'Monthly', unit: 'month', quantity: '0.516', unitPriceCents: '300.00000', netCents: 155, vatPermille: 240 },
        { componentKind: 'Monthly', unit: 'month', quantity: '0.500', unitPriceCents: '300.00000', netCents: 150, vatPermille: 255 },
      ],
    });
    const get = (url: string) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie } });

    const json = (await get(`/api/invoices/${created.invoiceNumber}`)).json();
    // 3,995 c at 24 % (958.8 → 959 c) and 3,750 c at 25.5 % (956.25 → 956 c): each line rounded once.
    expect(json.vatLines).toEqual([
      { vatPermille: 240, netCents: 3995, vatCents: 959 },
      { vatPermille: 255, netCents: 3750, vatCents: 956 },
    ]);
    expect(json).toMatchObject({ netCents: 7745, vatCents: 1915, totalCents: 9660 });
    expect(json.rows.map((row: { vatPermille: number }) => row.vatPermille)).toEqual([240, 255, 240, 255]);

    const pdf = await get(`/api/invoices/${created.id}/download`);
    const text = extractPdfText(pdf.rawPayload);
    for (const [rate, net, vat] of [
      [240, 3995, 959],
      [255, 3750, 956],
    ] as const) {
      expect(text).toContain(`ALV ${formatVatRate(rate, 'fi-FI')} (veroton ${formatMoney(net, 'fi-FI')})`);
      expect(text).toContain(formatMoney(vat, 'fi-FI'));
    }
    expect(text).toContain(formatMoney(9660, 'fi-FI'));
    // A part of a month says how much of it.
    expect(text).toContain('0,516');

    const csv = (await get(`/api/invoices/${created.id}/download/csv`)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv.slice(-2)).toEqual([
      `${created.invoiceNumber};;;;ALV-erittely;;;;39,95;24,0;9,59`,
      `${created.invoiceNumber};;;;ALV-erittely;;;;37,50;25,5;9,56`,
    ]);
    expect(csv[2]).toContain(';36,00;25,5;');

    // The OpenAPI document says so too.
    const schemas = (await ctx.app.inject({ url: '/api/docs/json', headers: { host: HOSTS.lumo } })).json().components.schemas;
    expect(Object.keys(schemas.InvoiceVatLine.properties)).toEqual(['vatPermille', 'netCents', 'vatCents']);
    expect(schemas.InvoiceSummary.properties.vatLines.items).toEqual({ $ref: '#/components/schemas/InvoiceVatLine' });
    expect(schemas.InvoiceRow.properties).toHaveProperty('vatPermille');
  });

  it('is not offered as CSV on a site without the INVOICE_CSV_DOWNLOAD feature', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, JANIS, 'daugava');
    const response = await ctx.app.inject({
      url: '/api/invoices/00000000-0000-0000-0000-000000000000/download/csv',
      headers: { host: HOSTS.daugava, cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
  });
});

describe('advanced invoice postponement', () => {
  const ctx = useTestApp();

  it('lets a Virmalise customer move a due date twice, up to 30 days', async () => {
    const db = ctx.database.db;
    const cookie = await sessionCookieFor(db, PEOPLE.jaan, 'virmalise');
    const contract = await buildBilledContract(db, { siteId: 'virmalise', clientCode: 'VE-500102' });
    const today = todayIn('Europe/Tallinn');
    const created = await buildInvoice(db, { contract, periodStart: monthStart(today, -1), dueDate: addDays(today, 2), vatPermille: 240 });
    const put = (dueDate: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/invoices/${created.invoiceNumber}/postpone`,
        headers: { host: HOSTS.virmalise, cookie, 'content-type': 'application/json' },
        payload: { dueDate },
      });
    expect((await put(addDays(today, 12))).statusCode).toBe(200);
    expect((await put(addDays(today, 33))).json()).toMatchObject({ code: 'POSTPONE_DATE_TOO_FAR' });
    const second = await put(addDays(today, 32));
    expect(second.statusCode).toBe(200);
    expect(second.json().postponement).toMatchObject({ postponementsUsed: 2, postponementsAllowed: 2, allowed: false });
    expect((await put(addDays(today, 31))).statusCode).toBe(422);
  });
});
