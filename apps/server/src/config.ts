import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { isValidIBAN } from 'ibantools';
import { z } from 'zod';

/** Every environment variable the server reads, parsed once. Nothing else reads process.env. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO_MODE: booleanFlag.optional(),
  DEFAULT_SITE: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.email().default('no-reply@portal.example'),
  REVERIFICATION_PERIOD_SECONDS: z.coerce.number().int().positive().default(1800),
  DEMO_IDP_ISSUER: z.url().optional(),
  PAYMENT_PROVIDER: z.enum(['SIMULATOR', 'EVERYPAY', 'NEONOMICS']).optional(),
  PAYMENT_CALLBACK_SECRET: z.string().min(32, 'PAYMENT_CALLBACK_SECRET must be at least 32 characters').optional(),
  EVERYPAY_API_URL: z.url().optional(),
  EVERYPAY_API_USERNAME: z.string().min(1).optional(),
  EVERYPAY_API_SECRET: z.string().min(1).optional(),
  EVERYPAY_ACCOUNT_NAME: z.string().min(1).optional(),
  NEONOMICS_API_URL: z.url().optional(),
  NEONOMICS_CLIENT_ID: z.string().min(1).optional(),
  NEONOMICS_CLIENT_SECRET: z.string().min(1).optional(),
  NEONOMICS_CREDITOR_IBAN: z.string().min(15).optional(),
  NEONOMICS_CREDITOR_NAME: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  /** Demo mode seeds demo sites and people and mounts simulators of outside systems. */
  demoMode: boolean;
  /** The site a request falls back to when its host name matches no site domain. */
  defaultSiteId: string | null;
  webDistDir: string;
  logLevel: string;
  trustProxy: boolean;
  auth: {
    /** Signs Auth.js's CSRF and state cookies; one value shared by every server copy. */
    secret: string;
    reverificationPeriodSeconds: number;
    /** The local e-ID service's issuer in demo mode; null when it is not mounted. */
    demoIdpIssuer: string | null;
  };
  /** SMTP server for outgoing mail; without one, mail lands in the outbox folder under the data directory. */
  mail: { smtpUrl: string | null; fromAddress: string; outboxDir: string };
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
};

const repositoryRoot = resolve(import.meta.dirname, '../../..');

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = environment.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const database: Config['database'] = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(repositoryRoot, env.DATA_DIR) };
  const demoMode = env.DEMO_MODE ?? database.kind === 'pglite';
  if (!env.AUTH_SECRET && !demoMode) {
    throw new Error('Invalid environment:\n  AUTH_SECRET: required outside demo mode (32 or more random characters)');
  }
  const dataDir = resolve(repositoryRoot, env.DATA_DIR);
  const payments = paymentsConfig(env, demoMode);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database,
    demoMode,
    defaultSiteId: env.DEFAULT_SITE ?? (demoMode ? 'lumo' : null),
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : resolve(repositoryRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    auth: {
      // Demo mode may run without a configured secret: sessions live in the database, so a fresh
      // secret per start only invalidates sign-ins that are half-way through.
      secret: env.AUTH_SECRET ?? randomBytes(32).toString('hex'),
      reverificationPeriodSeconds: env.REVERIFICATION_PERIOD_SECONDS,
      demoIdpIssuer: demoMode ? (env.DEMO_IDP_ISSUER ?? `http://127.0.0.1:${env.PORT}/idp`) : null,
    },
    mail: { smtpUrl: env.SMTP_URL ?? null, fromAddress: env.MAIL_FROM, outboxDir: resolve(dataDir, 'outbox') },
    payments,
  };
}

function paymentsConfig(env: z.infer<typeof environment>, demoMode: boolean): Config['payments'] {
  const provider = env.PAYMENT_PROVIDER ?? (demoMode ? 'SIMULATOR' : null);
  const problems: string[] = [];
  if (provider === 'SIMULATOR' && !demoMode) problems.push('  PAYMENT_PROVIDER: SIMULATOR only runs in demo mode');
  const everypay =
    env.EVERYPAY_API_URL && env.EVERYPAY_API_USERNAME && env.EVERYPAY_API_SECRET && env.EVERYPAY_ACCOUNT_NAME
      ? { apiUrl: env.EVERYPAY_API_URL, apiUsername: env.EVERYPAY_API_USERNAME, apiSecret: env.EVERYPAY_API_SECRET, accountName: env.EVERYPAY_ACCOUNT_NAME }
      : null;
  const neonomics =
    env.NEONOMICS_API_URL && env.NEONOMICS_CLIENT_ID && env.NEONOMICS_CLIENT_SECRET && env.NEONOMICS_CREDITOR_IBAN
      ? {
          apiUrl: env.NEONOMICS_API_URL,
          clientId: env.NEONOMICS_CLIENT_ID,
          clientSecret: env.NEONOMICS_CLIENT_SECRET,
          creditorIban: env.NEONOMICS_CREDITOR_IBAN.replace(/\s+/g, '').toUpperCase(),
          creditorName: env.NEONOMICS_CREDITOR_NAME ?? '',
        }
      : null;
  if (provider === 'EVERYPAY' && !everypay) problems.push('  EVERYPAY_API_URL, EVERYPAY_API_USERNAME, EVERYPAY_API_SECRET, EVERYPAY_ACCOUNT_NAME: required for EVERYPAY');
  if (provider === 'NEONOMICS' && !neonomics) problems.push('  NEONOMICS_API_URL, NEONOMICS_CLIENT_ID, NEONOMICS_CLIENT_SECRET, NEONOMICS_CREDITOR_IBAN: required for NEONOMICS');
  if (neonomics && !isValidIBAN(neonomics.creditorIban)) problems.push('  NEONOMICS_CREDITOR_IBAN: not a valid IBAN');
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return {
    provider,
    // Demo mode may sign with a fresh secret per start: only simulator callbacks of this process use it.
    callbackSecret: env.PAYMENT_CALLBACK_SECRET ?? randomBytes(32).toString('hex'),
    everypay,
    neonomics,
  };
}
