import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('banks and e-invoice operators', () => {
  const ctx = useTestApp();
  const get = async (url: string, host: string) => (await ctx.app.inject({ url, headers: { host } })).json();

  it('lists the banks of the site’s country with real BIC codes, by what they are for', async () => {
    const finnish = await get('/api/banks?type=payment', HOSTS.lumo);
    expect(finnish.map((bank: { bic: string }) => bank.bic)).toEqual(
      expect.arrayContaining(['OKOYFIHH', 'NDEAFIHH', 'DABAFIHH', 'HANDFIHH', 'SBANFIHH', 'HELSFIHH', 'AABAFI22']),
    );
    expect(finnish.every((bank: { countryCode: string }) => bank.countryCode === 'FI')).toBe(true);
    const estonian = await get('/api/banks?type=e-invoice', HOSTS.virmalise);
    expect(estonian.map((bank: { bic: string }) => bank.bic)).toEqual(['HABAEE2X', 'EEUHEE2X', 'LHVBEE22', 'RIKOEE22', 'EKRDEE22']);
    const latvian = await get('/api/banks?type=payment', HOSTS.daugava);
    expect(latvian.map((bank: { bic: string }) => bank.bic)).toContain('HABALV22');
    for (const bank of [...finnish, ...estonian, ...latvian]) expect(bank.bic).toMatch(/^[A-Z]{4}(FI|EE|LV)[A-Z0-9]{2}([A-Z0-9]{3})?$/);
  });

  it('lists e-invoice operators with their routing codes', async () => {
    const operators = await get('/api/banks/operators', HOSTS.lumo);
    expect(operators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Basware', code: 'BAWCFI22' }),
        expect.objectContaining({ name: 'Maventa', code: '003721291126' }),
      ]),
    );
  });

  it('refuses an unknown type with a 400 naming it', async () => {
    const response = await ctx.app.inject({ url: '/api/banks?type=crypto', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('type');
  });
});
