import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app.ts';

describe('health checks', () => {
  const ctx = useTestApp();

  it('answers liveness on any host', async () => {
    const response = await ctx.app.inject({ url: '/health/live', headers: { host: 'unknown.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness with the database and the meter broker checked', async () => {
    const response = await ctx.app.inject({ url: '/health/ready' });
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', meterBroker: 'ok' } });
  });
});
