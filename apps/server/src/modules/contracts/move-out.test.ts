import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { moveOutRequest, moveOutWindow } from '@portal/schema/move-out';
import { buildContract, buildMeteringPoint } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { reportMoveOut } from './report-move-out.ts';

const base = [{ kind: 'Base' as const, priceCents: '8.00000' }];
const newHome = { street: 'Mannerheimintie 12 A 5', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' };

describe('the move-out window (docs/decisions/032-move-out.md)', () => {
  it('runs from two weeks back to three months ahead of the site’s today', () => {
    expect(moveOutWindow('2026-11-25', { startDate: '2024-01-01', endDate: null })).toEqual({
      earliest: '2026-11-11',
      latest: '2027-02-23',
    });
  });

  it('starts no earlier than the contract and ends no later than a fixed end it has', () => {
    expect(moveOutWindow('2026-11-25', { startDate: '2026-11-20', endDate: '2026-12-31' })).toEqual({
      earliest: '2026-11-20',
      latest: '2026-12-31',
    });
  });

  it('leaves no day for a contract that ended more than two weeks ago', () => {
    expect(moveOutWindow('2026-11-25', { startDate: '2024-01-01', endDate: '2026-10-31' })).toBeNull();
  });

  it('writes postal codes as each country’s post does and refuses a code of another country', () => {
    const parse = (countryCode: string, postalCode: string) =>
      moveOutRequest.safeParse({
        endDate: '2026-12-01',
        finalInvoiceAddress: { ...newHome, countryCode, postalCode },
        meterReadingKwh: null,
      });
    expect(parse('LV', 'lv 1050').data?.finalInvoiceAddress.postalCode).toBe('LV-1050');
    expect(parse('LV', '1050').data?.finalInvoiceAddress.postalCode).toBe('LV-1050');
    expect(parse('EE', '10111').success).toBe(true);
    expect(parse('FI', 'LV-1050').success).toBe(false);
    expect(parse('FI', '0010').success).toBe(false);
  });
});

describe('POST /api/contracts/{id}/move-out', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Helsinki');
  let aino: string;
  let mikko: string;
  let home: string;
  let flat: string;
  let ended: string;
  let cottage: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    const point = (street: string) => buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', street, city: 'Espoo' });
    home = await buildContract(db, await point('Kuusikallionkuja 7'), {
      contractNumber: 'LE-MOVE-1',
      startDate: '2025-01-01',
      components: base,
    });
    flat = await buildContract(db, await point('Satamakatu 1'), { contractNumber: 'LE-MOVE-2', startDate: '2025-01-01', components: base });
    cottage = await buildContract(db, await point('Mökkitie 3'), {
      contractNumber: 'LE-MOVE-3',
      startDate: '2025-01-01',
      components: base,
    });
    ended = await buildContract(db, await point('Vanhatie 1'), {
      contractNumber: 'LE-MOVE-0',
      startDate: '2023-01-01',
      endDate: '2024-12-31',
      status: 'ended',
      components: base,
    });
  });

  const post = (id: string, cookie: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/contracts/${id}/move-out`,
      payload: payload as object,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
    });
  const get = (id: string, cookie: string) => ctx.app.inject({ url: `/api/contracts/${id}`, headers: { host: HOSTS.lumo, cookie } });

  it('never lets another customer move out of a contract, nor tells them it exists', async () => {
    const response = await post(home, mikko, { endDate: addDays(today, 10), finalInvoiceAddress: newHome, meterReadingKwh: null });
    expect(response.statusCode).toBe(404);
    expect((await get(home, aino)).json()).toMatchObject({ status: 'active', endDate: null, moveOut: null });
  });

  it('gives notice: the contract is ending on the moving day and the final invoice goes to the new address', async () => {
    const endDate = addDays(today, 10);
    const response = await post(home, aino, {
      endDate,
      finalInvoiceAddress: { ...newHome, street: '  Mannerheimintie 12 A 5 ', postalCode: '001 00' },
      meterReadingKwh: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ending',
      endDate,
      moveOutDate: endDate,
      moveOut: { endDate, finalInvoiceAddress: newHome, meterReadingKwh: null },
    });
    const list = (await ctx.app.inject({ url: '/api/contracts', headers: { host: HOSTS.lumo, cookie: aino } })).json<
      { id: string; moveOutDate: string | null }[]
    >();
    expect(list.find((item) => item.id === home)?.moveOutDate).toBe(endDate);
  });

  it('answers the recorded move-out when the same one is sent again, and refuses a different one', async () => {
    const endDate = addDays(today, 10);
    const again = await post(home, aino, { endDate, finalInvoiceAddress: newHome, meterReadingKwh: null });
    expect(again.statusCode).toBe(200);
    expect(again.json().moveOut.reportedAt).toBe((await get(home, aino)).json().moveOut.reportedAt);
    const other = await post(home, aino, { endDate: addDays(today, 20), finalInvoiceAddress: newHome, meterReadingKwh: null });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('MOVE_OUT_ALREADY_REPORTED');
    expect((await get(home, aino)).json().endDate).toBe(endDate);
  });

  it('takes a meter reading with a moving day that has come, and not with one ahead', async () => {
    const ahead = await post(flat, aino, { endDate: addDays(today, 1), finalInvoiceAddress: newHome, meterReadingKwh: 48213 });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().code).toBe('MOVE_OUT_READING_TOO_EARLY');
    expect((await get(flat, aino)).json()).toMatchObject({ status: 'active', moveOut: null });
    const done = await post(flat, aino, { endDate: addDays(today, -3), finalInvoiceAddress: newHome, meterReadingKwh: 48213 });
    expect(done.statusCode).toBe(200);
    // Supply ended three days ago: the customer reads it as ended, the stored status is ending until the job ends it.
    expect(done.json()).toMatchObject({ status: 'ended', moveOut: { meterReadingKwh: 48213 } });
  });

  it('refuses a moving day outside the window with the days it allows', async () => {
    for (const endDate of [addDays(today, -15), addDays(today, 91)]) {
      const response = await post(cottage, aino, { endDate, finalInvoiceAddress: newHome, meterReadingKwh: null });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'MOVE_OUT_DATE_REFUSED',
        message: `Choose a moving day from ${addDays(today, -14)} to ${addDays(today, 90)}`,
      });
    }
    expect((await get(cottage, aino)).json()).toMatchObject({ status: 'active', endDate: null, moveOut: null });
  });

  it('refuses an ended contract', async () => {
    const response = await post(ended, aino, { endDate: today, finalInvoiceAddress: newHome, meterReadingKwh: null });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('CONTRACT_STATUS_REFUSED');
  });

  it('answers 400 with what to fix for an address it cannot use', async () => {
    const response = await post(cottage, aino, {
      endDate: today,
      finalInvoiceAddress: { ...newHome, postalCode: 'ABC' },
      meterReadingKwh: 12.5,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter a postal code of the chosen country');
    expect(response.body).toContain('Enter the reading in whole kWh');
  });

  it('is refused where the site has switched contract management off', async () => {
    const db = ctx.database.db;
    const scope = { siteId: 'lumo', customerId: (await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' })).customerId };
    await expect(
      reportMoveOut(
        { db },
        scope,
        { managementDisabled: true, today },
        cottage,
        { endDate: today, finalInvoiceAddress: { ...newHome, countryCode: 'FI' }, meterReadingKwh: null },
        'someone',
      ),
    ).rejects.toMatchObject({ code: 'CONTRACT_MANAGEMENT_DISABLED' });
  });
});
