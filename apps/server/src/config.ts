import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { Cron } from 'croner';
import { isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { identifierText } from '@portal/schema/identifier-text';
import { retentionDaysSetting, type RetentionDays } from './platform/retention.ts';
import { tracesWanted } from './platform/tracing.ts';

/** Every environment variable the server reads, parsed once. Nothing else reads process.env. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');
const secret = z.string().min(32, 'must be at least 32 characters');
const portNumber = 'must be a port number from 0 to 65535';
const seconds = 'must be a whole number of seconds above 0';
/** Whether the runtime knows `name` as an IANA time zone (Europe/Helsinki), as the site clocks need it. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
/** Five cron fields (minute hour day-of-month month day-of-week), as the job schedules read them. */
const cronPattern = z.string().refine((pattern) => {
  try {
    return new Cron(pattern, { paused: true, mode: '5-or-6-parts' }).nextRun() !== null;
  } catch {
    return false;
  }
}, 'must be five cron fields, e.g. 30 14 * * *, or six with seconds first');
/**
 * The browsers' push services (Chrome/Edge via FCM, Firefox, Safari/iOS, Windows): the only hosts the server sends
 * Web Push to, so a subscription cannot make it POST to an address inside the network (docs/decisions/041).
 */
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com';

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number({ error: portNumber }).int(portNumber).min(0, portNumber).max(65_535, portNumber).default(3000),
  HEALTH_PORT: z.coerce.number({ error: portNumber }).int(portNumber).min(0, portNumber).max(65_535, portNumber).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DEMO_MODE: booleanFlag.optional(),
  DEFAULT_SITE: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  SOURCE_MAPS: z.enum(['public', 'none'], { error: 'must be public or none' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  AUTH_SECRET: secret.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.email({ error: 'must be an e-mail address' }).default('no-reply@portal.example'),
  REVERIFICATION_PERIOD_SECONDS: z.coerce.number({ error: seconds }).int(seconds).positive(seconds).default(1800),
  DEMO_IDP_ISSUER: z.url({ error: 'must be a URL ending in /idp' }).optional(),
  JOBS_ENABLED: booleanFlag.default(true),
  RETENTION_DAYS: retentionDaysSetting,
  ALERTS_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Helsinki').default('Europe/Helsinki'),
  ALERTS_SPOT_PRICE_CRON: cronPattern.default('30 14,17 * * *'),
  ALERTS_DAILY_CONSUMPTION_CRON: cronPattern.default('0 9,15 * * *'),
  ALERTS_INVOICE_DUE_CRON: cronPattern.default('0 8 * * *'),
  /** The reminder to read a hand-read meter: its day of the month is this pattern's (docs/decisions/112). */
  ALERTS_METER_READING_CRON: cronPattern.default('0 10 25 * *'),
  /** The power peak alert: the hour just ended and the running hour's live projection (docs/decisions/128). */
  ALERTS_POWER_PEAK_CRON: cronPattern.default('*/5 * * * *'),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_SERVICE_HOSTS)
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9.-]+(:(\d+|\*))?$/.test(host)),
      'must be host names, comma-separated (*.example.com, and host:port or host:* for a local stand-in, allowed)',
    ),
  JOBS_POLL_INTERVAL_MS: z.coerce
    .number({ error: 'must be milliseconds from 100 to 600000' })
    .int()
    .min(100, 'must be milliseconds from 100 to 600000')
    .max(600_000, 'must be milliseconds from 100 to 600000')
    .default(2000),
  MQTT_URL: z.url({ protocol: /^mqtts?$/, error: 'must be an mqtt:// or mqtts:// URL' }).optional(),
  MQTT_TOPIC_ROOT: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,3}$/, 'must be letters, digits, - and _ in up to four levels separated by /')
    .default('portal'),
  METER_COMMAND_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be seconds from 5 to 600' })
    .int('must be seconds from 5 to 600')
    .min(5, 'must be seconds from 5 to 600')
    .max(600, 'must be seconds from 5 to 600')
    .default(30),
  METER_SIMULATOR_FAILURE_RATE: z.coerce
    .number({ error: 'must be a share from 0 to 1' })
    .min(0, 'must be a share from 0 to 1')
    .max(1, 'must be a share from 0 to 1')
    .default(0.05),
  METER_SIMULATOR_SILENCE_RATE: z.coerce
    .number({ error: 'must be a share from 0 to 1' })
    .min(0, 'must be a share from 0 to 1')
    .max(1, 'must be a share from 0 to 1')
    .default(0.03),
  METER_SIMULATOR_ANSWER_DELAY_MS: z
    .string()
    .regex(/^\d{1,6}-\d{1,6}$/, 'must be two numbers of milliseconds, shortest-longest, e.g. 1500-6000')
    .transform((range) => range.split('-').map(Number) as [number, number])
    .refine(([shortest, longest]) => shortest <= longest, 'the shortest delay must not exceed the longest')
    .default([1500, 6000]),
  CRM_ADAPTER: z.enum(['PORTAL', 'SALESFORCE'], { error: 'must be PORTAL or SALESFORCE' }).default('PORTAL'),
  SALESFORCE_URL: z
    .url({ protocol: /^https?$/, error: 'must be the org’s My Domain URL, e.g. https://example.my.salesforce.com' })
    .optional(),
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^\d{2,3}\.0$/, 'must be a REST API version such as 62.0')
    .default('62.0'),
  SUPPORT_CRM_POLL_CRON: cronPattern.default('* * * * *'),
  PAYMENT_PROVIDER: z.enum(['SIMULATOR', 'EVERYPAY', 'NEONOMICS'], { error: 'must be SIMULATOR, EVERYPAY or NEONOMICS' }).optional(),
  PAYMENT_CALLBACK_SECRET: secret.optional(),
  EVERYPAY_API_URL: z.url({ error: 'must be a URL' }).optional(),
  EVERYPAY_API_USERNAME: z.string().optional(),
  EVERYPAY_API_SECRET: z.string().optional(),
  EVERYPAY_ACCOUNT_NAME: z.string().optional(),
  NEONOMICS_API_URL: z.url({ error: 'must be a URL' }).optional(),
  NEONOMICS_CLIENT_ID: z.string().optional(),
  NEONOMICS_CLIENT_SECRET: z.string().optional(),
  NEONOMICS_CREDITOR_IBAN: z.string().optional(),
  NEONOMICS_CREDITOR_NAME: z.string().optional(),
  SIGNING_SERVICE: z.enum(['LOCAL', 'DOKOBIT_DOCUMENT_GATEWAY'], { error: 'must be LOCAL or DOKOBIT_DOCUMENT_GATEWAY' }).optional(),
  DOKOBIT_API_URL: z.url({ error: 'must be a URL' }).optional(),
  DOKOBIT_ACCESS_TOKEN: z.string().optional(),
});
type Environment = z.infer<typeof environment>;

/** The name of every variable the server reads (README.md and .env.example document each). */
export const ENVIRONMENT_VARIABLES = Object.keys(environment.shape) as (keyof Environment)[];

/** The environment cannot run the server: every bad variable, one line each, for an operator to fix at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where a thread of its own answers /health/live and /health/ready (modules/health/health-port.ts), or none. */
  healthPort: number | null;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  /** Demo mode seeds demo sites and people and mounts simulators of outside systems. */
  demoMode: boolean;
  /** The site a request falls back to when its host name matches no site domain. */
  defaultSiteId: string | null;
  webDistDir: string;
  /**
   * Whether browsers get the web app's source maps (`/assets/*.js.map`, named by a SourceMap header): `public`, or
   * `none` (404; the maps stay on disk for reading error reports). Default: none in production (docs/decisions/101).
   */
  sourceMaps: 'public' | 'none';
  logLevel: string;
  /** Addresses and ranges of the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; false: none. */
  trustProxy: false | string[];
  /** Rate-limit counters shared by every server copy; null keeps them in this process's memory. */
  redisUrl: string | null;
  auth: {
    /** Signs Auth.js's CSRF and state cookies; one value shared by every server copy. */
    secret: string;
    reverificationPeriodSeconds: number;
    /** The local e-ID service's issuer in demo mode; null when it is not mounted. */
    demoIdpIssuer: string | null;
  };
  /** SMTP server for outgoing mail; without one, mail lands in the outbox folder under the data directory. */
  mail: { smtpUrl: string | null; fromAddress: string; outboxDir: string };
  /** Text messages land in this folder until a provider's adapter is configured. */
  sms: { outboxDir: string };
  /**
   * When the alert jobs look at each subject (five-field cron, read in `timezone`; docs/decisions/043-alerts.md):
   * spot prices after the day-ahead auction, consumption once yesterday's readings are in, invoices in the morning.
   */
  alerts: {
    timezone: string;
    spotPriceCron: string;
    dailyConsumptionCron: string;
    invoiceDueCron: string;
    meterReadingCron: string;
    powerPeakCron: string;
  };
  /** Web Push: the push services' hosts subscriptions may point at (`*.` matches any subdomain). */
  push: { serviceHosts: string[] };
  /**
   * The durable job runner (docs/decisions/015-job-runner.md): every copy runs jobs unless it is turned off
   * (a copy that only serves HTTP); the poll interval bounds the wait for jobs no notification announces.
   */
  jobs: { enabled: boolean; pollIntervalMs: number };
  /** Days each kind of personal data is kept before the nightly job removes it (platform/retention.ts, decision 114). */
  retentionDays: RetentionDays;
  /** Whether OpenTelemetry traces are exported: the operator set the standard OTEL_* variables (platform/tracing.ts). */
  traces: boolean;
  /**
   * Where customer service answers support tickets (docs/decisions/057): the portal's own queue (salesforce null), or
   * Salesforce Service Cloud, whose replies and closed cases are read back on `pollCron` (UTC).
   */
  crm: {
    salesforce: { url: string; clientId: string; clientSecret: string; apiVersion: string } | null;
    pollCron: string;
  };
  /**
   * The meter head-end (docs/decisions/061-head-end-over-mqtt.md): the MQTT broker meters talk through, or null
   * for a broker embedded in this process; how long a command may wait for its meter; and, in demo mode, the
   * meter simulator's share of refused and unanswered commands.
   */
  headEnd: {
    mqttUrl: string | null;
    topicRoot: string;
    commandTimeoutMs: number;
    simulator: { failureRate: number; silenceRate: number; answerDelayMs: [number, number] } | null;
  };
  /**
   * How invoices are paid (docs/decisions/011-payment-providers.md): the local simulator only in demo mode,
   * otherwise EveryPay or Neonomics with their credentials; null means paying is not offered.
   */
  payments: {
    provider: 'SIMULATOR' | 'EVERYPAY' | 'NEONOMICS' | null;
    /** Signs and checks the simulator's callbacks. */
    callbackSecret: string;
    everypay: { apiUrl: string; apiUsername: string; apiSecret: string; accountName: string } | null;
    neonomics: { apiUrl: string; clientId: string; clientSecret: string; creditorIban: string; creditorName: string } | null;
  };
  /**
   * Where contracts are signed (docs/decisions/033-signing-port.md): the local signing service only in demo mode,
   * otherwise Dokobit's Documents Gateway with its access token; null means signing in the portal is not offered.
   */
  signing: { service: 'LOCAL' | 'DOKOBIT_DOCUMENT_GATEWAY' | null; dokobit: { apiUrl: string; accessToken: string } | null };
};

const repositoryRoot = resolve(import.meta.dirname, '../../..');

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const { env, problems } = parseEnvironment(source);
  // Judged from what was written, so a mistyped DATABASE_URL still asks for the secret PostgreSQL needs.
  const demoMode = env.DEMO_MODE ?? !source.DATABASE_URL;
  if (!source.AUTH_SECRET && !demoMode) {
    problems.push('AUTH_SECRET: required outside demo mode (32 or more random characters, the same on every server copy)');
  }
  if (env.HEALTH_PORT !== undefined && env.HEALTH_PORT !== 0 && env.HEALTH_PORT === (env.PORT ?? 3000)) {
    problems.push('HEALTH_PORT: must differ from PORT (probes get a port of their own)');
  }
  const trustProxy = trustedProxies(source.TRUST_PROXY, problems);
  const payments = paymentsConfig(env, demoMode, problems);
  const salesforce = salesforceConfig(env, problems);
  const signing = signingConfig(env, demoMode, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const valid = env as Environment;
  const dataDir = resolve(repositoryRoot, valid.DATA_DIR);
  const database: Config['database'] = valid.DATABASE_URL ? { kind: 'postgres', url: valid.DATABASE_URL } : { kind: 'pglite', dataDir };
  return {
    env: valid.NODE_ENV,
    host: valid.HOST,
    port: valid.PORT,
    healthPort: valid.HEALTH_PORT ?? null,
    database,
    demoMode,
    defaultSiteId: valid.DEFAULT_SITE ?? (demoMode ? 'lumo' : null),
    webDistDir: valid.WEB_DIST_DIR ? resolve(valid.WEB_DIST_DIR) : resolve(repositoryRoot, 'apps/web/dist'),
    sourceMaps: valid.SOURCE_MAPS ?? (valid.NODE_ENV === 'production' ? 'none' : 'public'),
    logLevel: valid.LOG_LEVEL,
    trustProxy,
    redisUrl: valid.REDIS_URL ?? null,
    auth: {
      // Demo mode may run without a configured secret: sessions live in the database, so a fresh
      // secret per start only invalidates sign-ins that are half-way through.
      secret: valid.AUTH_SECRET ?? randomBytes(32).toString('hex'),
      reverificationPeriodSeconds: valid.REVERIFICATION_PERIOD_SECONDS,
      demoIdpIssuer: demoMode ? (valid.DEMO_IDP_ISSUER ?? `http://127.0.0.1:${valid.PORT}/idp`) : null,
    },
    mail: { smtpUrl: valid.SMTP_URL ?? null, fromAddress: valid.MAIL_FROM, outboxDir: resolve(dataDir, 'outbox') },
    sms: { outboxDir: resolve(dataDir, 'outbox', 'sms') },
    push: { serviceHosts: valid.PUSH_SERVICE_HOSTS },
    alerts: {
      timezone: valid.ALERTS_TIMEZONE,
      spotPriceCron: valid.ALERTS_SPOT_PRICE_CRON,
      dailyConsumptionCron: valid.ALERTS_DAILY_CONSUMPTION_CRON,
      invoiceDueCron: valid.ALERTS_INVOICE_DUE_CRON,
      meterReadingCron: valid.ALERTS_METER_READING_CRON,
      powerPeakCron: valid.ALERTS_POWER_PEAK_CRON,
    },
    jobs: { enabled: valid.JOBS_ENABLED, pollIntervalMs: valid.JOBS_POLL_INTERVAL_MS },
    retentionDays: valid.RETENTION_DAYS,
    traces: tracesWanted(source),
    crm: { salesforce, pollCron: valid.SUPPORT_CRM_POLL_CRON },
    headEnd: {
      mqttUrl: valid.MQTT_URL ?? null,
      topicRoot: valid.MQTT_TOPIC_ROOT,
      commandTimeoutMs: valid.METER_COMMAND_TIMEOUT_SECONDS * 1000,
      simulator: demoMode
        ? {
            failureRate: valid.METER_SIMULATOR_FAILURE_RATE,
            silenceRate: valid.METER_SIMULATOR_SILENCE_RATE,
            answerDelayMs: valid.METER_SIMULATOR_ANSWER_DELAY_MS,
          }
        : null,
    },
    payments,
    signing,
  };
}

/** CRM_ADAPTER=SALESFORCE needs the org's URL and the external client app's credentials. */
function salesforceConfig(env: Partial<Environment>, problems: string[]): Config['crm']['salesforce'] {
  if (env.CRM_ADAPTER !== 'SALESFORCE') return null;
  const missing = (['SALESFORCE_URL', 'SALESFORCE_CLIENT_ID', 'SALESFORCE_CLIENT_SECRET'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    problems.push(`CRM_ADAPTER: SALESFORCE needs ${missing.join(', ')}`);
    return null;
  }
  return {
    url: env.SALESFORCE_URL!,
    clientId: env.SALESFORCE_CLIENT_ID!,
    clientSecret: env.SALESFORCE_CLIENT_SECRET!,
    apiVersion: env.SALESFORCE_API_VERSION ?? '62.0',
  };
}

function signingConfig(env: Partial<Environment>, demoMode: boolean, problems: string[]): Config['signing'] {
  const service = env.SIGNING_SERVICE ?? (demoMode ? 'LOCAL' : null);
  if (service === 'LOCAL' && !demoMode) problems.push('SIGNING_SERVICE: LOCAL only runs in demo mode');
  const dokobit =
    env.DOKOBIT_API_URL && env.DOKOBIT_ACCESS_TOKEN ? { apiUrl: env.DOKOBIT_API_URL, accessToken: env.DOKOBIT_ACCESS_TOKEN } : null;
  if (service === 'DOKOBIT_DOCUMENT_GATEWAY' && !dokobit)
    problems.push('DOKOBIT_API_URL, DOKOBIT_ACCESS_TOKEN: required for DOKOBIT_DOCUMENT_GATEWAY');
  return { service, dokobit };
}

/**
 * Each variable on its own, so one message names every bad one. An empty value counts as unset, as
 * `FOO=` in a container definition or an env file means "not configured".
 */
function parseEnvironment(source: Record<string, string | undefined>): { env: Partial<Environment>; problems: string[] } {
  const env: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(environment.shape)) {
    const raw = source[name];
    const result = schema.safeParse(raw === '' ? undefined : raw);
    if (result.success) env[name] = result.data;
    else problems.push(`${name}: ${result.error.issues[0]?.message ?? 'is not valid'}`);
  }
  return { env, problems };
}

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY lists the proxies in front of the server (addresses, CIDR ranges, or Fastify's names loopback,
 * linklocal, uniquelocal). `true` and hop counts are refused: neither can tell a proxy from a client that
 * writes X-Forwarded-For itself, which would let anyone pick the address its rate limit counts against.
 */
function trustedProxies(raw: string | undefined, problems: string[]): false | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  const instead = 'list the addresses of your proxies instead, e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8,loopback';
  if (value === 'true' || value === '1') {
    problems.push(`TRUST_PROXY: "true" would believe X-Forwarded-For from anyone, so any client could dodge rate limits; ${instead}`);
    return false;
  }
  if (/^\d+$/.test(value)) {
    problems.push(`TRUST_PROXY: a hop count cannot tell a proxy from a client that sends the header itself; ${instead}`);
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !namedRanges.has(entry) && !isAddressOrRange(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY: ${bad.map((entry) => `"${entry}"`).join(', ')} is not an IP address, a CIDR range or loopback/linklocal/uniquelocal`,
    );
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function paymentsConfig(env: Partial<Environment>, demoMode: boolean, problems: string[]): Config['payments'] {
  const provider = env.PAYMENT_PROVIDER ?? (demoMode ? 'SIMULATOR' : null);
  if (provider === 'SIMULATOR' && !demoMode) problems.push('PAYMENT_PROVIDER: SIMULATOR only runs in demo mode');
  const everypay =
    env.EVERYPAY_API_URL && env.EVERYPAY_API_USERNAME && env.EVERYPAY_API_SECRET && env.EVERYPAY_ACCOUNT_NAME
      ? {
          apiUrl: env.EVERYPAY_API_URL,
          apiUsername: env.EVERYPAY_API_USERNAME,
          apiSecret: env.EVERYPAY_API_SECRET,
          accountName: env.EVERYPAY_ACCOUNT_NAME,
        }
      : null;
  const neonomics =
    env.NEONOMICS_API_URL && env.NEONOMICS_CLIENT_ID && env.NEONOMICS_CLIENT_SECRET && env.NEONOMICS_CREDITOR_IBAN
      ? {
          apiUrl: env.NEONOMICS_API_URL,
          clientId: env.NEONOMICS_CLIENT_ID,
          clientSecret: env.NEONOMICS_CLIENT_SECRET,
          creditorIban: identifierText(env.NEONOMICS_CREDITOR_IBAN),
          creditorName: env.NEONOMICS_CREDITOR_NAME ?? '',
        }
      : null;
  if (provider === 'EVERYPAY' && !everypay)
    problems.push('EVERYPAY_API_URL, EVERYPAY_API_USERNAME, EVERYPAY_API_SECRET, EVERYPAY_ACCOUNT_NAME: required for EVERYPAY');
  if (provider === 'NEONOMICS' && !neonomics)
    problems.push('NEONOMICS_API_URL, NEONOMICS_CLIENT_ID, NEONOMICS_CLIENT_SECRET, NEONOMICS_CREDITOR_IBAN: required for NEONOMICS');
  if (neonomics && !isValidIBAN(neonomics.creditorIban)) problems.push('NEONOMICS_CREDITOR_IBAN: not a valid IBAN');
  return {
    provider,
    // Demo mode may sign with a fresh secret per start: only simulator callbacks of this process use it.
    callbackSecret: env.PAYMENT_CALLBACK_SECRET ?? randomBytes(32).toString('hex'),
    everypay,
    neonomics,
  };
}
