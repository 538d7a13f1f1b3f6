import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('GET /api/business/validate/{code}', () => {
  const ctx = useTestApp();
  let liisa: string;
  let jaan: string;
  let janis: string;

  beforeAll(async () => {
    liisa = await sessionCookieFor(ctx.database.db, PEOPLE.liisaNewcomer, 'lumo');
    jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    janis = await sessionCookieFor(ctx.database.db, PEOPLE.janis, 'daugava');
  });

  const get = (url: string, cookie: string, host: string) => ctx.app.inject({ url, headers: { host, cookie } });

  it('checks the code by the site country’s rule and check digit', async () => {
    expect((await get('/api/business/validate/0112038-9', liisa, HOSTS.lumo)).json()).toEqual({
      code: '0112038-9',
      countryCode: 'FI',
      valid: true,
    });
    expect((await get('/api/business/validate/0112038-8', liisa, HOSTS.lumo)).json().valid).toBe(false);
    // An Estonian registry code is not a Finnish business ID, and the other way round.
    expect((await get('/api/business/validate/14715205', liisa, HOSTS.lumo)).json().valid).toBe(false);
    expect((await get('/api/business/validate/0112038-9', jaan, HOSTS.virmalise)).json().valid).toBe(false);
    expect((await get('/api/business/validate/10060701', jaan, HOSTS.virmalise)).json()).toEqual({
      code: '10060701',
      countryCode: 'EE',
      valid: true,
    });
  });

  it('takes a Y-tunnus without its hyphen, as VAT numbers and OVT codes carry it, and answers it written with one', async () => {
    expect((await get('/api/business/validate/07375462', liisa, HOSTS.lumo)).json()).toEqual({
      code: '0737546-2',
      countryCode: 'FI',
      valid: true,
    });
    expect((await get('/api/business/validate/07375461', liisa, HOSTS.lumo)).json().valid).toBe(false);
  });

  it('takes the registration numbers of Latvian public bodies (9…) as well as of companies (4…)', async () => {
    for (const code of ['90000069281', '90000022399', '40003032949', '40203123456']) {
      expect((await get(`/api/business/validate/${code}`, janis, HOSTS.daugava)).json(), code).toEqual({
        code,
        countryCode: 'LV',
        valid: true,
      });
    }
    expect((await get('/api/business/validate/90000069282', janis, HOSTS.daugava)).json().valid).toBe(false);
  });

  it('takes a code pasted with no-break, narrow and zero-width spaces or an en dash', async () => {
    const pasted = encodeURIComponent('\u00a00737546\u202f\u2013\u200b2\u2060');
    expect((await get(`/api/business/validate/${pasted}`, liisa, HOSTS.lumo)).json()).toEqual({
      code: '0737546-2',
      countryCode: 'FI',
      valid: true,
    });
    expect(
      (await get(`/api/business/validate/${encodeURIComponent('9000\u00a0006\u00a09281')}`, janis, HOSTS.daugava)).json(),
    ).toMatchObject({
      code: '90000069281',
      valid: true,
    });
  });

  it('answers 400 to a code longer than any register issues', async () => {
    expect((await get(`/api/business/validate/${'1'.repeat(21)}`, liisa, HOSTS.lumo)).statusCode).toBe(400);
  });
});
