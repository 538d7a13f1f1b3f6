import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

describe('OpenAPI', () => {
  const ctx = useTestApp();

  it('documents every public call with its error body', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const path of ['/api/site', '/api/translations/{locale}', '/api/countries', '/api/countries/{countryCode}', '/api/logs', '/api/external-services']) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.components.schemas).toHaveProperty('ApiError');
  });

  it('serves the reference page', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
