import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('GET /api/external-services', () => {
  const ctx = useTestApp();
  const get = (host: string, url: string) => ctx.app.inject({ url, headers: { host } });

  it("prefers the locale's own link over the site-wide one", async () => {
    const swedish = await get(HOSTS.lumo, '/api/external-services?type=PRIVACY_POLICY&locale=sv-FI');
    expect(swedish.json()).toEqual({ type: 'PRIVACY_POLICY', url: 'https://www.lumoenergia.example/sv/dataskydd', localeId: 'sv-FI' });
    const finnish = await get(HOSTS.lumo, '/api/external-services?type=PRIVACY_POLICY&locale=fi-FI');
    expect(finnish.json().url).toBe('https://www.lumoenergia.example/tietosuoja');
  });

  it('answers 404 when the site has no such service and 400 for an unknown type', async () => {
    const missing = await get(HOSTS.virmalise, '/api/external-services?type=SIGN_IN_TERMS_AND_CONDITIONS');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NO_EXTERNAL_SERVICE');
    const unknown = await get(HOSTS.virmalise, '/api/external-services?type=FACEBOOK');
    expect(unknown.statusCode).toBe(400);
    expect((await get(HOSTS.virmalise, '/api/external-services')).statusCode).toBe(400);
  });
});
