import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

describe('site resolution', () => {
  const ctx = useTestApp();

  it('answers health checks without a site, as balancers call them', async () => {
    const response = await ctx.app.inject({ url: '/health/live', headers: { host: '10.0.1.11:3000' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers a path that only looks like a health or internal call as any other missing page of the site, never a 5xx', async () => {
    for (const url of ['/health/anything', '/internal/anything']) {
      const response = await ctx.app.inject({ url, headers: { host: HOSTS.virmalise } });
      // The site's app with its not-found page, answered 404 (decision 021).
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('lang="et"');
    }
  });
});
