import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { queryRows } from '../../platform/database.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/** The identifiers a signer types into the sign form: the co-owner's personal code and a company's business code. */
describe('identifiers in the contract flow, as people paste them', () => {
  const ctx = useTestApp();
  let mikko: string;
  let ainoForCompany: string;
  let janisForCompany: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    ainoForCompany = await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    janisForCompany = await sessionCookieFor(db, PEOPLE.janis, 'daugava', 'representative-code=rc-ds-janis-ozolu');
  });

  const get = (url: string, cookie: string, host: string = HOSTS.lumo) => ctx.app.inject({ url, headers: { host, cookie } });
  const post = (url: string, cookie: string, payload: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { host, cookie, 'content-type': 'application/json' } });
  const finnishContract = (overrides: Record<string, unknown>) => ({
    usagePointId: 'gp-lumo-puutarhakatu-el',
    reason: 'move-in',
    productId: 'pr-lumo-kiintea-12',
    startDate: addDays(todayIn('Europe/Helsinki'), 3),
    billing: { channel: 'Email', target: 'mikko.korhonen@example.fi' },
    contact: { email: 'mikko.korhonen@example.fi', phone: '' },
    ...overrides,
  });
  const coOwnerCodeOf = async (contractId: string) =>
    (await queryRows<{ co_owner_code: string }>(ctx.database.db, sql`select co_owner_code from contract where id = ${contractId}`))[0]
      ?.co_owner_code;

  it('refuses a co-owner whose code is no personal code of the site’s country with 400 saying so, and writes nothing', async () => {
    const refused = [
      '131052-308U', // control character wrong
      '310252-308Y', // 31 February
      '131052308T', // the separator (century, and since 2023 part of who it is) left out
      '37605030299', // an Estonian isikukood on a Finnish site
      'Aino Virtanen',
    ];
    for (const personalCode of refused) {
      const response = await post('/api/contracts/create', mikko, finnishContract({ coOwner: { name: 'Maija Mäkinen', personalCode } }));
      expect(response.statusCode, personalCode).toBe(400);
      expect(response.json(), personalCode).toMatchObject({ code: 'PERSONAL_CODE_INVALID' });
      expect(response.json().message).toMatch(/henkilötunnus/);
    }
    expect((await get('/api/contracts', mikko)).json()).toEqual([]);
  });

  it('stores a co-owner’s henkilötunnus pasted in any form in the register’s written form, new separators included', async () => {
    const pasted = await post(
      '/api/contracts/create',
      mikko,
      finnishContract({
        coOwner: { name: 'Maija Mäkinen', personalCode: '\u00a0131052\u2013308t\u200b' },
        contact: { email: 'mikko.korhonen@example.fi', phone: '+358\u00a040\u00a0123\u00a04567' },
      }),
    );
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(await coOwnerCodeOf(pasted.json().contractId)).toBe('131052-308T');
    const newSeparator = await post(
      '/api/contracts/create',
      mikko,
      finnishContract({ coOwner: { name: 'Uusi Asukas', personalCode: '010594y9032' } }),
    );
    expect(newSeparator.statusCode, newSeparator.body).toBe(200);
    expect(await coOwnerCodeOf(newSeparator.json().contractId)).toBe('010594Y9032');
    const [contact] = await queryRows<{ contact_phone: string }>(
      ctx.database.db,
      sql`select contact_phone from contract where id = ${pasted.json().contractId}`,
    );
    expect(contact?.contact_phone).toBe('+358401234567');
  });

  it('takes a Y-tunnus without its hyphen when a company starts a contract, and answers it written with one', async () => {
    const info = await get('/api/contracts/start-info/go-lumo-kalevankatu-31-a-5?businessCode=07375462', ainoForCompany);
    expect(info.json().business).toMatchObject({ code: '0737546-2', valid: true });
    const known = await get(
      `/api/contracts/start-info/go-lumo-kalevankatu-31-a-5?businessCode=${encodeURIComponent('3141593\u00a08')}`,
      ainoForCompany,
    );
    expect(known.json().business).toEqual({ code: '3141593-8', valid: true, company: { name: 'Revontuli Sauna Oy', active: true } });
    const created = await post(
      '/api/contracts/create',
      ainoForCompany,
      finnishContract({
        usagePointId: 'gp-lumo-kalevankatu-el',
        productId: 'pr-lumo-yritys-kausi',
        businessCode: '07375462',
        billing: { channel: 'OVT', target: '0037\u00a00737\u00a05462', operator: 'Maventa' },
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
  });

  it('takes the registration number of a Latvian public body (9…) in the contract flow', async () => {
    const info = await get('/api/contracts/start-info/go-ds-terbatas-41-7?businessCode=90000069281', janisForCompany, HOSTS.daugava);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().business).toMatchObject({ code: '90000069281', valid: true });
    const created = await post(
      '/api/contracts/create',
      janisForCompany,
      {
        usagePointId: 'gp-ds-terbatas-heat',
        reason: 'move-in',
        productId: 'pr-daugava-siltums',
        startDate: addDays(todayIn('Europe/Riga'), 3),
        billing: { channel: 'Email', target: 'janis.ozolins@example.lv' },
        contact: { email: 'janis.ozolins@example.lv' },
        businessCode: '9000 0069 281',
      },
      HOSTS.daugava,
    );
    expect(created.statusCode, created.body).toBe(200);
    const wrong = await post(
      '/api/contracts/create',
      janisForCompany,
      {
        usagePointId: 'gp-ds-terbatas-heat',
        reason: 'move-in',
        productId: 'pr-daugava-siltums',
        startDate: addDays(todayIn('Europe/Riga'), 3),
        billing: { channel: 'Email', target: 'janis.ozolins@example.lv' },
        contact: { email: 'janis.ozolins@example.lv' },
        businessCode: '90000069282',
      },
      HOSTS.daugava,
    );
    expect(wrong.json()).toMatchObject({ code: 'BUSINESS_CODE_INVALID' });
  });
});
