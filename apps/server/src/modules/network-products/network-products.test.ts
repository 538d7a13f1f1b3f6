import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, formatDay, instantAt, monthEnd, monthStart, todayIn, weekdayOf } from '@portal/schema/calendar-dates';
import type { ContractSummary } from '@portal/schema/contracts';
import type { NetworkProducts } from '@portal/schema/network-products';
import { contract, priceComponent } from '../../db/schema/energy.ts';
import { auditLog } from '../../db/schema/identity.ts';
import { KALLIO_GRID_PRODUCTS } from '../../db/seed/demo-products.ts';
import { buildInvoice } from '../../test-support/billing-factories.ts';
import { buildContract, buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const TZ = 'Europe/Helsinki';
const TIINA_STAFF = 'FI110476-2212';
const YLEIS = { id: 'pr-kallio-yleis', name: 'Yleissiirto' };

describe('network products compared and changed once a year (decision 127)', () => {
  const ctx = useTestApp();
  const today = todayIn(TZ);
  // A change made today takes effect on the first of next month; the months compared are the twelve before this one.
  const takesEffect = monthStart(today, 1);
  const months = Array.from({ length: 12 }, (_, index) => monthStart(today, index - 12));
  let aino = '';
  let mikko = '';
  let tiinaActingForAino = '';
  let ainoPoint = '';
  let ainoGrid = '';
  let ainoSupply = '';
  let mikkoPoint = { id: '', customerId: '', siteId: 'kallio' };

  const call = (method: 'GET' | 'POST', url: string, cookie: string, body?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: HOSTS.kallio,
        cookie,
        'sec-fetch-site': 'same-origin',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const compare = (cookie: string, id: string) => call('GET', `/api/contracts/${id}/network-products`, cookie);
  const change = (cookie: string, id: string, productId: string, headers?: Record<string, string>) =>
    call('POST', `/api/contracts/${id}/network-product-change`, cookie, { productId }, headers);
  const cancel = (cookie: string, id: string) => call('POST', `/api/contracts/${id}/network-product-change/cancel`, cookie);
  const gridContractsAt = (meteringPointId: string) =>
    ctx.database.db
      .select()
      .from(contract)
      .where(and(eq(contract.meteringPointId, meteringPointId), eq(contract.type, 'GridContract')));

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'kallio');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'kallio');
    tiinaActingForAino = await sessionCookieFor(db, TIINA_STAFF, 'kallio', 'cs-representative-code=KV-400101');

    // Aino's home on Yleissiirto since 2020, chosen at connection. Each of the last twelve months she used 10 kWh in
    // one hour, 18:00 on its first day: a 10 kW peak, 2 kW above Tehosiirto's 8 kW threshold.
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', street: 'Siirtotie 4', city: 'Tampere' });
    ainoPoint = point.id;
    ainoGrid = await buildContract(db, point, {
      type: 'GridContract',
      product: YLEIS,
      billingChannel: 'Address',
      components: KALLIO_GRID_PRODUCTS.general.map((component) => ({ ...component, validFrom: '2020-01-01' })),
    });
    for (const month of months) {
      const from = instantAt(month, 18, TZ);
      await insertReadings(db, point.id, { from, to: new Date(from.getTime() + 3_600_000), wh: () => 10_000 });
      // Each month's network invoice: 15.90 € + 10 kWh × 3.20 c = 1622 c net, VAT 25.5 % 413.61 → 414 c: 2036 c.
      await buildInvoice(db, {
        contract: { id: ainoGrid, siteId: 'kallio', customerId: point.customerId, gsrn: 'test', meteringPointId: point.id },
        periodStart: month,
        periodEnd: monthEnd(month),
        dueDate: addDays(monthEnd(month), 21),
        rows: [
          { componentKind: 'Monthly', unit: 'month', quantity: '1.000', unitPriceCents: '1590.00000', netCents: 1590 },
          { componentKind: 'Base', unit: 'kWh', quantity: '10.000', unitPriceCents: '3.20000', netCents: 32 },
        ],
      });
    }
    // Energy bought from someone else at the same point: no network product to change.
    ainoSupply = await buildContract(db, point, { components: [{ kind: 'Base', priceCents: '8.00000' }] });

    // Mikko's cottage on Yleissiirto since 2020.
    mikkoPoint = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400102', street: 'Mökkitie 9' });
    await buildContract(db, mikkoPoint, { type: 'GridContract', product: YLEIS, components: KALLIO_GRID_PRODUCTS.general });
  });

  it("prices the point's own last twelve whole months under each network product, beside what was paid", async () => {
    const response = await compare(aino, ainoGrid);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<NetworkProducts>();
    expect(answer).toMatchObject({
      contractId: ainoGrid,
      productName: 'Yleissiirto',
      endDate: null,
      address: { street: 'Siirtotie 4', city: 'Tampere' },
      period: { from: months[0], to: addDays(monthStart(today), -1) },
      pending: null,
      lastChange: null,
      changeTakesEffect: takesEffect,
      nextChangeFrom: takesEffect,
    });
    expect(answer.products.map((product) => product.name)).toEqual(['Kausisiirto', 'Tehosiirto', 'Yleissiirto', 'Yösiirto']);
    // Tehosiirto's power charge is shown with its threshold, as the catalogue has it.
    expect(answer.products.find((product) => product.id === 'pr-kallio-teho')!.priceComponents).toContainEqual({
      kind: 'Power',
      unit: 'c/kW',
      priceCents: '410.00000',
      thresholdKw: '8.000',
    });
    expect(answer.costs).toMatchObject({ meteringPointId: answer.meteringPointId, pricedFrom: months[0], months: 12, kwh: 120 });
    const cost = (productId: string) => answer.costs!.products.find((row) => row.productId === productId);
    // Yleissiirto: 12 × 15.90 € = 19080 c + 120 kWh × 3.20 c = 384 c; 19464 c net, VAT 4963.32 → 4963 c: 24427 c.
    expect(cost('pr-kallio-yleis')).toMatchObject({ costCents: 24427, current: true });
    // Yösiirto: every hour at 18:00 is day: 120 × 3.90 c = 468 c + 12 × 22.90 € = 27480 c; 27948 c, VAT 7126.74 → 7127 c: 35075 c.
    expect(cost('pr-kallio-yo')).toMatchObject({ costCents: 35075, current: false });
    // Kausisiirto: an hour at 18:00 is winter weekday daytime at 4.90 c when its first of the month is in November to
    // March and not a Sunday (decision 129), else other time at 2.10 c. With five winter months none a Sunday:
    // 5 × 49 + 7 × 21 = 392 c + 27480 c; 27872 c, VAT 7107.36 → 7107 c: 34979 c.
    const winterWeekdays = months.filter((month) => [11, 12, 1, 2, 3].includes(Number(month.slice(5, 7))) && weekdayOf(month) !== 6).length;
    const kausiNet = 27480 + winterWeekdays * 49 + (12 - winterWeekdays) * 21;
    expect(cost('pr-kallio-kausi')).toMatchObject({ costCents: kausiNet + Math.round((kausiNet * 255) / 1000), current: false });
    // Tehosiirto: 12 × 12.90 € = 15480 c + 120 × 2.40 c = 288 c + each month 2 kW above 8 kW × 4.10 € = 12 × 820 c = 9840 c;
    // 25608 c, VAT 6530.04 → 6530 c: 32138 c.
    expect(cost('pr-kallio-teho')).toMatchObject({ costCents: 32138, current: false });
    // Paid: the twelve network invoices of 2036 c, every month covered.
    for (const row of answer.costs!.products) expect(row).toMatchObject({ paidCents: 12 * 2036, paidMonths: 12 });
  });

  it('refuses what is not the acting customer’s grid contract: another’s is 404, a supply contract 422, nothing written', async () => {
    expect((await compare(mikko, ainoGrid)).json()).toMatchObject({ statusCode: 404, code: 'CONTRACT_NOT_FOUND' });
    expect((await change(mikko, ainoGrid, 'pr-kallio-teho')).json()).toMatchObject({ statusCode: 404, code: 'CONTRACT_NOT_FOUND' });
    expect((await cancel(mikko, ainoGrid)).json()).toMatchObject({ statusCode: 404, code: 'CONTRACT_NOT_FOUND' });
    expect((await compare(aino, ainoSupply)).json()).toMatchObject({ statusCode: 422, code: 'NOT_A_GRID_CONTRACT' });
    expect((await change(aino, ainoSupply, 'pr-kallio-teho')).json()).toMatchObject({ statusCode: 422, code: 'NOT_A_GRID_CONTRACT' });
    // The same contract on a site without the feature (Aino is Lumo's customer too): no such call there.
    const lumo = await ctx.app.inject({
      url: `/api/contracts/${ainoGrid}/network-products`,
      headers: { host: HOSTS.lumo, cookie: await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo') },
    });
    expect(lumo.json()).toMatchObject({ statusCode: 404, code: 'FEATURE_DISABLED' });
    expect((await gridContractsAt(ainoPoint)).map((row) => row.status)).toEqual(['active']);
  });

  it('refuses client input it cannot take without a 500: a malformed body, a product not on offer, the same product', async () => {
    expect((await call('POST', `/api/contracts/${ainoGrid}/network-product-change`, aino, { productId: '' })).statusCode).toBe(400);
    expect((await call('POST', `/api/contracts/${ainoGrid}/network-product-change`, aino, { product: 'x' })).statusCode).toBe(400);
    // Lumo's product is not Kallio's, nor a network product.
    expect((await change(aino, ainoGrid, 'pr-lumo-porssi')).json()).toMatchObject({ statusCode: 422, code: 'PRODUCT_NOT_AVAILABLE' });
    expect((await change(aino, ainoGrid, 'pr-kallio-yleis')).json()).toMatchObject({ statusCode: 422, code: 'NETWORK_PRODUCT_UNCHANGED' });
    // A cross-site form cannot change it (CSRF by fetch metadata, as every state-changing call).
    const forged = await change(aino, ainoGrid, 'pr-kallio-teho', { 'sec-fetch-site': 'cross-site' });
    expect(forged.json()).toMatchObject({ statusCode: 403, code: 'CROSS_SITE_REQUEST' });
    expect((await cancel(aino, ainoGrid)).json()).toMatchObject({ statusCode: 422, code: 'NETWORK_PRODUCT_CHANGE_NOT_PENDING' });
    expect((await gridContractsAt(ainoPoint)).map((row) => row.status)).toEqual(['active']);
  });

  it('changes from the first of next month: the contract in force ends the day before, the new one has the product’s prices', async () => {
    const response = await change(aino, ainoGrid, 'pr-kallio-teho');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<NetworkProducts>();
    expect(answer).toMatchObject({
      contractId: ainoGrid,
      productName: 'Yleissiirto',
      endDate: addDays(takesEffect, -1),
      pending: { productId: 'pr-kallio-teho', productName: 'Tehosiirto', startDate: takesEffect },
      lastChange: { productId: 'pr-kallio-teho', startDate: takesEffect },
      nextChangeFrom: addMonths(takesEffect, 12),
    });
    const changed = answer.pending!.contractId;
    const [row] = await ctx.database.db.select().from(contract).where(eq(contract.id, changed));
    expect(row).toMatchObject({
      type: 'GridContract',
      status: 'signed',
      startDate: takesEffect,
      endDate: null,
      startReason: 'product-change',
      renewsContractId: ainoGrid,
      productId: 'pr-kallio-teho',
      // The old contract's billing goes on.
      billingChannel: 'Address',
    });
    // The product's prices from that day, the power charge's threshold with them (decision 119).
    const prices = await ctx.database.db.select().from(priceComponent).where(eq(priceComponent.contractId, changed));
    expect(
      prices.map(({ kind, unit, priceCents, thresholdKw, validFrom, validTo }) => ({
        kind,
        unit,
        priceCents,
        thresholdKw,
        validFrom,
        validTo,
      })),
    ).toEqual([
      { kind: 'Monthly', unit: 'c/month', priceCents: '1290.00000', thresholdKw: null, validFrom: takesEffect, validTo: null },
      { kind: 'Base', unit: 'c/kWh', priceCents: '2.40000', thresholdKw: null, validFrom: takesEffect, validTo: null },
      { kind: 'Power', unit: 'c/kW', priceCents: '410.00000', thresholdKw: '8.000', validFrom: takesEffect, validTo: null },
    ]);
    // The contract list shows both: the one ending, and the one to come.
    const list = (await call('GET', '/api/contracts', aino)).json<ContractSummary[]>();
    expect(list.find((item) => item.id === ainoGrid)).toMatchObject({ status: 'ending', endDate: addDays(takesEffect, -1) });
    expect(list.find((item) => item.id === changed)).toMatchObject({ status: 'signed', productName: 'Tehosiirto', startDate: takesEffect });
    // Who changed it is audited in the same transaction.
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'kallio'), eq(auditLog.action, 'network product changed')));
    expect(audited).toMatchObject({ customerId: row!.customerId, outcome: 'ok', actorRole: null });
    expect(audited!.details).toContain('pr-kallio-teho');
  });

  it('refuses a second change within twelve months, naming the first day one may take effect, and writes nothing', async () => {
    const before = await gridContractsAt(ainoPoint);
    const refused = await change(aino, ainoGrid, 'pr-kallio-yo');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NETWORK_PRODUCT_CHANGED_RECENTLY', customerFacing: true });
    expect(refused.json().message).toContain(formatDay(addMonths(takesEffect, 12)));
    expect(await gridContractsAt(ainoPoint)).toEqual(before);
  });

  it('cancels a pending change: the contract in force runs on, and the cancelled change is not counted', async () => {
    const response = await cancel(aino, ainoGrid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NetworkProducts>()).toMatchObject({
      productName: 'Yleissiirto',
      endDate: null,
      pending: null,
      lastChange: null,
      nextChangeFrom: takesEffect,
    });
    const rows = await gridContractsAt(ainoPoint);
    expect(rows.map((row) => [row.productName, row.status, row.endDate]).sort()).toEqual([
      ['Tehosiirto', 'cancelled', null],
      ['Yleissiirto', 'active', null],
    ]);
  });

  it('lets customer service acting for the customer change it, audited under their role', async () => {
    const response = await change(tiinaActingForAino, ainoGrid, 'pr-kallio-yo');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NetworkProducts>().pending).toMatchObject({ productName: 'Yösiirto', startDate: takesEffect });
    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'kallio'), eq(auditLog.actorRole, 'customer-service')));
    expect(lines.map((line) => [line.action, line.dataArea])).toEqual(
      expect.arrayContaining([
        ['network product changed', 'contracts'],
        ['POST /api/contracts/:id/network-product-change', 'contracts'],
      ]),
    );
  });

  it('counts a change that took effect less than twelve months ago, but not the product chosen at connection', async () => {
    // Mikko's product was chosen at connection: he may change at once.
    const [connected] = await gridContractsAt(mikkoPoint.id);
    expect((await compare(mikko, connected!.id)).json<NetworkProducts>()).toMatchObject({ lastChange: null, nextChangeFrom: takesEffect });
    // Ten months ago he changed to Yösiirto: the next change may take effect twelve months after that, not next month.
    const changedOn = monthStart(today, -10);
    await ctx.database.db
      .update(contract)
      .set({ status: 'ended', endDate: addDays(changedOn, -1) })
      .where(eq(contract.id, connected!.id));
    const mikkoChanged = await buildContract(ctx.database.db, mikkoPoint, {
      type: 'GridContract',
      startDate: changedOn,
      product: { id: 'pr-kallio-yo', name: 'Yösiirto' },
      components: KALLIO_GRID_PRODUCTS.nightTime,
    });
    await ctx.database.db
      .update(contract)
      .set({ startReason: 'product-change', renewsContractId: connected!.id })
      .where(eq(contract.id, mikkoChanged));
    expect((await compare(mikko, connected!.id)).json<NetworkProducts>()).toMatchObject({
      contractId: mikkoChanged,
      productName: 'Yösiirto',
      lastChange: { contractId: mikkoChanged, startDate: changedOn },
      nextChangeFrom: addMonths(changedOn, 12),
    });
    const refused = await change(mikko, mikkoChanged, 'pr-kallio-yleis');
    expect(refused.json()).toMatchObject({ statusCode: 422, code: 'NETWORK_PRODUCT_CHANGED_RECENTLY' });
    expect(refused.json().message).toContain(formatDay(addMonths(changedOn, 12)));
    // Eleven months ago: twelve months have passed by the first of next month, so the change is taken.
    const longer = monthStart(today, -11);
    await ctx.database.db
      .update(contract)
      .set({ endDate: addDays(longer, -1) })
      .where(eq(contract.id, connected!.id));
    await ctx.database.db.update(contract).set({ startDate: longer }).where(eq(contract.id, mikkoChanged));
    const taken = await change(mikko, mikkoChanged, 'pr-kallio-yleis');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<NetworkProducts>()).toMatchObject({
      lastChange: { productName: 'Yleissiirto', startDate: takesEffect },
      nextChangeFrom: addMonths(takesEffect, 12),
    });
  });
});
