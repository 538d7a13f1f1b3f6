import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('countries', () => {
  const ctx = useTestApp();
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { host: HOSTS.virmalise, ...headers } });

  it('lists every country in the locale, sorted as that language sorts', async () => {
    const response = await get('/api/countries?locale=et-EE');
    expect(response.statusCode).toBe(200);
    const countries = response.json<{ code: string; name: string }[]>();
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.find((country) => country.code === 'FI')?.name).toBe('Soome');
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('et-EE').compare));
  });

  it("uses the request's locale when none is given", async () => {
    const countries = (await get('/api/countries', { cookie: 'NEXT_LOCALE=ru-RU' })).json<{ code: string; name: string }[]>();
    expect(countries.find((country) => country.code === 'EE')?.name).toBe('Эстония');
  });

  it('finds one country by code, in any letter case', async () => {
    const response = await get('/api/countries/lv?locale=en-GB');
    expect(response.json()).toEqual({ code: 'LV', alpha3: 'LVA', name: 'Latvia' });
  });

  it('answers 400 for a malformed code and 404 for an unassigned one', async () => {
    const malformed = await get('/api/countries/FIN');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('two-letter');
    const unassigned = await get('/api/countries/QQ');
    expect(unassigned.statusCode).toBe(404);
    expect(unassigned.json().code).toBe('UNKNOWN_COUNTRY');
    expect((await get('/api/countries?locale=de-DE')).statusCode).toBe(400);
  });
});
