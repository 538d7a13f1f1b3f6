import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('site resolution and GET /api/site', () => {
  const ctx = useTestApp();

  it.each([
    [HOSTS.lumo, 'lumo', 'Lumo Energia Oy', 'aurora', 'fi-FI', ['fi-FI', 'sv-FI', 'en-GB']],
    [HOSTS.virmalise, 'virmalise', 'Virmalise Energia AS', 'baltic', 'et-EE', ['et-EE', 'en-GB', 'ru-RU']],
    [HOSTS.daugava, 'daugava', 'Daugavas Siltums SIA', 'daugava', 'lv-LV', ['lv-LV', 'en-GB', 'ru-RU']],
  ])('serves %s as its own site', async (host, id, companyName, themeId, defaultLocaleId, locales) => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host } });
    expect(response.statusCode).toBe(200);
    const site = response.json();
    expect(site).toMatchObject({ id, companyName, themeId, defaultLocaleId });
    expect(site.locales.map((locale: { id: string }) => locale.id)).toEqual(locales);
  });

  it('gives each site its own features and timezone', async () => {
    const lumo = (await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.lumo } })).json();
    const daugava = (await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.daugava } })).json();
    expect(lumo.timezone).toBe('Europe/Helsinki');
    expect(daugava.timezone).toBe('Europe/Riga');
    expect(lumo.features).toContain('COOKIE_CONSENT');
    expect(daugava.features).not.toContain('COOKIE_CONSENT');
    expect(lumo.gaMeasurementId).toBe('G-LUMO2026DEMO');
  });

  it('falls back to the configured default site for plain localhost', async () => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host: 'localhost:3000' } });
    expect(response.json().id).toBe('lumo');
  });

  it('sends strict security headers and echoes the request id', async () => {
    const response = await ctx.app.inject({
      url: '/api/site',
      headers: { host: HOSTS.lumo, 'x-request-id': 'client-req-0001' },
    });
    expect(response.headers['x-request-id']).toBe('client-req-0001');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('replaces a malformed request id with its own', async () => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.lumo, 'x-request-id': 'bad id <script>' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a server with no default site', () => {
  const ctx = useTestApp({ DEMO_MODE: 'false', AUTH_SECRET: 'a'.repeat(40) });

  it('answers 404 for a host name no site claims', async () => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host: 'unknown.example' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ name: 'NotFoundError', code: 'UNKNOWN_SITE', statusCode: 404 });
  });
});
