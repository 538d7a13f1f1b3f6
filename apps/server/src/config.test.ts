import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 3000, embedded PGlite under ./data and demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.database.kind === 'pglite' && config.database.dataDir).toMatch(/\/data$/);
    expect(config.demoMode).toBe(true);
    expect(config.defaultSiteId).toBe('lumo');
  });

  it('uses PostgreSQL without demo data when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost:5432/portal', AUTH_SECRET: 's'.repeat(32) });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://localhost:5432/portal' });
    expect(config.demoMode).toBe(false);
    expect(config.defaultSiteId).toBeNull();
    expect(config.auth.demoIdpIssuer).toBeNull();
  });

  it('needs AUTH_SECRET outside demo mode', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost:5432/portal' })).toThrowError(/AUTH_SECRET/);
  });

  it('refuses to start and names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_MODE: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_MODE/,
    );
  });
});
