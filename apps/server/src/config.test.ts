import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENVIRONMENT_VARIABLES, loadConfig } from './config.ts';

const repositoryFile = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');

describe('the documented environment', () => {
  it('lists every variable the server reads in .env.example and in README.md', () => {
    const example = repositoryFile('.env.example');
    const readme = repositoryFile('README.md');
    expect(ENVIRONMENT_VARIABLES.filter((name) => !new RegExp(`^# ${name}=`, 'm').test(example))).toEqual([]);
    expect(ENVIRONMENT_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('loadConfig', () => {
  it('defaults to port 3000, embedded PGlite under ./data and demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.database.kind === 'pglite' && config.database.dataDir).toMatch(/\/data$/);
    expect(config.demoMode).toBe(true);
    expect(config.defaultSiteId).toBe('lumo');
  });

  it('reads when alerts are looked at and where Web Push may go, and names a bad value', () => {
    const config = loadConfig({ ALERTS_SPOT_PRICE_CRON: '* * * * *', PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, 127.0.0.1:*' });
    expect(config.alerts).toEqual({
      timezone: 'Europe/Helsinki',
      spotPriceCron: '* * * * *',
      dailyConsumptionCron: '0 9,15 * * *',
      invoiceDueCron: '0 8 * * *',
      meterReadingCron: '0 10 25 * *',
      powerPeakCron: '*/5 * * * *',
    });
    expect(config.push.serviceHosts).toEqual(['fcm.googleapis.com', '127.0.0.1:*']);
    expect(loadConfig({}).push.serviceHosts).toContain('*.push.apple.com');
    expect(() =>
      loadConfig({ ALERTS_TIMEZONE: 'Europe/Atlantis', ALERTS_INVOICE_DUE_CRON: 'at eight', PUSH_SERVICE_HOSTS: 'https://evil.example/' }),
    ).toThrowError(/ALERTS_TIMEZONE[\s\S]*ALERTS_INVOICE_DUE_CRON[\s\S]*PUSH_SERVICE_HOSTS/);
    expect(() => loadConfig({ ALERTS_METER_READING_CRON: 'monthly' })).toThrowError(/ALERTS_METER_READING_CRON/);
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

  it('runs jobs on every copy unless JOBS_ENABLED turns them off, polling every 2 s by default', () => {
    expect(loadConfig({}).jobs).toEqual({ enabled: true, pollIntervalMs: 2000 });
    expect(loadConfig({ JOBS_ENABLED: 'false', JOBS_POLL_INTERVAL_MS: '500' }).jobs).toEqual({ enabled: false, pollIntervalMs: 500 });
    expect(() => loadConfig({ JOBS_ENABLED: 'no', JOBS_POLL_INTERVAL_MS: '10' })).toThrowError(/JOBS_ENABLED[\s\S]*JOBS_POLL_INTERVAL_MS/);
  });

  it('keeps text messages in an outbox folder of their own under the data directory', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).sms.outboxDir).toBe('/srv/portal/outbox/sms');
  });

  it('embeds a meter broker unless MQTT_URL names one, and simulates meters only in demo mode', () => {
    expect(loadConfig({}).headEnd).toEqual({
      mqttUrl: null,
      topicRoot: 'portal',
      commandTimeoutMs: 30_000,
      simulator: { failureRate: 0.05, silenceRate: 0.03, answerDelayMs: [1500, 6000] },
    });
    const production = loadConfig({
      DATABASE_URL: 'postgres://db/portal',
      AUTH_SECRET: 's'.repeat(32),
      MQTT_URL: 'mqtts://broker.example:8883',
    });
    expect(production.headEnd).toMatchObject({ mqttUrl: 'mqtts://broker.example:8883', simulator: null });
    expect(() =>
      loadConfig({ MQTT_URL: 'http://broker', MQTT_TOPIC_ROOT: 'a/+/b', METER_SIMULATOR_ANSWER_DELAY_MS: '900-100' }),
    ).toThrowError(/MQTT_URL[\s\S]*MQTT_TOPIC_ROOT[\s\S]*METER_SIMULATOR_ANSWER_DELAY_MS/);
  });

  it('refuses to start and names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_MODE: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_MODE/,
    );
  });

  it('lists every bad variable in one refusal, AUTH_SECRET among them', () => {
    const problems = problemsOf({
      DATABASE_URL: 'postgres://localhost:5432/portal',
      PORT: '99999',
      LOG_LEVEL: 'loud',
      REDIS_URL: 'http://x',
    });
    expect(problems).toEqual([
      'PORT: must be a port number from 0 to 65535',
      'LOG_LEVEL: must be fatal, error, warn, info, debug, trace or silent',
      'REDIS_URL: must be a redis:// or rediss:// URL',
      'AUTH_SECRET: required outside demo mode (32 or more random characters, the same on every server copy)',
    ]);
  });

  it('asks for AUTH_SECRET even when DATABASE_URL itself is mistyped', () => {
    expect(problemsOf({ DATABASE_URL: 'postgress://localhost/portal' })).toEqual([
      'DATABASE_URL: must be a postgres:// URL',
      'AUTH_SECRET: required outside demo mode (32 or more random characters, the same on every server copy)',
    ]);
  });

  it('takes an empty value as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', TRUST_PROXY: '', REDIS_URL: '' });
    expect(config).toMatchObject({ port: 3000, database: { kind: 'pglite' }, trustProxy: false, redisUrl: null });
  });

  it('gives probes a port of their own only when HEALTH_PORT is set, and not the main one', () => {
    expect(loadConfig({}).healthPort).toBeNull();
    expect(loadConfig({ HEALTH_PORT: '3001' }).healthPort).toBe(3001);
    expect(problemsOf({ PORT: '3001', HEALTH_PORT: '3001' })).toEqual([
      'HEALTH_PORT: must differ from PORT (probes get a port of their own)',
    ]);
    expect(problemsOf({ HEALTH_PORT: '3000' })).toEqual(['HEALTH_PORT: must differ from PORT (probes get a port of their own)']);
  });

  it('gives browsers the source maps in development and not in production, unless SOURCE_MAPS says', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(32) };
    expect(loadConfig({}).sourceMaps).toBe('public');
    expect(loadConfig(production).sourceMaps).toBe('none');
    expect(loadConfig({ ...production, SOURCE_MAPS: 'public' }).sourceMaps).toBe('public');
    expect(loadConfig({ SOURCE_MAPS: 'none' }).sourceMaps).toBe('none');
    expect(problemsOf({ SOURCE_MAPS: 'hidden' })).toEqual(['SOURCE_MAPS: must be public or none']);
  });

  it('keeps rate-limit counters in Redis when REDIS_URL is set', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a list of proxy addresses, CIDR ranges and named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true and says what to set instead', () => {
    const [problem] = problemsOf({ TRUST_PROXY: 'true' });
    expect(problem).toMatch(/^TRUST_PROXY: "true" would believe X-Forwarded-For from anyone/);
    expect(problem).toContain('TRUST_PROXY=10.0.0.5');
  });

  it('refuses a hop count, which cannot tell a proxy from a client', () => {
    expect(problemsOf({ TRUST_PROXY: '1' })[0]).toMatch(/^TRUST_PROXY: .*list the addresses of your proxies instead/);
    expect(problemsOf({ TRUST_PROXY: '2' })[0]).toMatch(/^TRUST_PROXY: a hop count/);
  });

  it('names the entries that are not addresses', () => {
    expect(problemsOf({ TRUST_PROXY: '10.0.0.5,proxy.internal,10.0.0.0/33' })).toEqual([
      'TRUST_PROXY: "proxy.internal", "10.0.0.0/33" is not an IP address, a CIDR range or loopback/linklocal/uniquelocal',
    ]);
  });
});

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}
