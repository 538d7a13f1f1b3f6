import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('GET /api/business/validate/{code}', () => {
  const ctx = useTestApp();
  let liisa: string;
  let jaan: string;

  beforeAll(async () => {
    liisa = await sessionCookieFor(ctx.database.db, PEOPLE.liisaNewcomer, 'lumo');
    jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
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
    expect((await get('/api/business/validate/10060701', liisa, HOSTS.lumo)).json().valid).toBe(false);
    expect((await get('/api/business/validate/10060701', jaan, HOSTS.virmalise)).json()).toEqual({
      code: '10060701',
      countryCode: 'EE',
      valid: true,
    });
  });

  it('answers 400 to a code longer than any register issues', async () => {
    expect((await get(`/api/business/validate/${'1'.repeat(21)}`, liisa, HOSTS.lumo)).statusCode).toBe(400);
  });
});
