import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { clientLogRoutes } from './modules/client-logs/routes.ts';
import { countryRoutes } from './modules/countries/routes.ts';
import { externalServiceRoutes } from './modules/external-services/routes.ts';
import { serveHealthPort } from './modules/health/health-port.ts';
import type { ReadinessState } from './modules/health/readiness.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { startDatabaseProbe } from './platform/database-probe.ts';
import { countStatementOfRequest, createMetrics, requestMetrics } from './platform/metrics.ts';
import { traceRequests } from './platform/tracing.ts';
import { removeExpiredJob, removeExpiredNightly, removeExpiredWith } from './platform/retention.ts';
import { makeReadingPartitions, makeReadingPartitionsJob, makeReadingPartitionsNightly } from './modules/readings/reading-partitions.ts';
import { observeCopy } from './platform/copy-gauges.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { createSiteCache } from './modules/sites/site-cache.ts';
import { makeDataExportJob } from './modules/data-exports/data-export-jobs.ts';
import { makeDataExportWith } from './modules/data-exports/make-data-export.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import { webAppRoutes } from './modules/web-app/routes.ts';
import { portalSessionOf } from './modules/auth/portal-session.ts';
import { actorInfoOf } from './modules/me/actor-info.ts';
import { authFor } from './modules/auth/auth-for.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { signInFormOf } from './modules/auth/sign-in-form.ts';
import { bankRoutes } from './modules/banks/routes.ts';
import { signingCallbackRoutes } from './modules/contracts/signing-routes.ts';
import { localBusinessRegister } from './integrations/business-register/local-register.ts';
import { localEstonianDatahub } from './integrations/datahub/local-estonian-datahub.ts';
import { createLocalSigningService } from './integrations/signing/local-signing-service.ts';
import { localSigningPages } from './integrations/signing/local-signing-pages.ts';
import type { SigningService } from './integrations/signing/port.ts';
import { paymentCallbackRoutes } from './modules/payments/callback-routes.ts';
import { paymentProviders } from './modules/payments/payment-providers.ts';
import type { PaymentProvider } from './integrations/payments/port.ts';
import { createPaymentSimulator } from './integrations/payments/simulator.ts';
import { paymentSimulatorPages } from './integrations/payments/simulator-pages.ts';
import { createLiveReadingsHub } from './modules/load-controls/live-readings-hub.ts';
import { runLoadControl } from './modules/load-controls/load-control-runtime.ts';
import { headEndConnection } from './integrations/head-end/head-end-plugin.ts';
import { importRoute } from './commands/import-route.ts';
import { parseQueryString } from './platform/query-string.ts';
import { demoClientSecret, demoRedirectUris } from './db/seed/demo-identities.ts';
import { DEMO_PEOPLE } from './db/seed/demo-people.ts';
import { DEMO_SITES } from './db/seed/demo-sites.ts';
import type { MailSender } from './integrations/mail/port.ts';
import { sendMailJob, sendMailWith } from './integrations/mail/send-mail-job.ts';
import { outboxSmsSender } from './integrations/sms/outbox.ts';
import type { SmsSender } from './integrations/sms/port.ts';
import { sendSmsJob, sendSmsWith } from './integrations/sms/send-sms-job.ts';
import type { PushSender } from './integrations/push/port.ts';
import { webPushSender } from './integrations/push/web-push-sender.ts';
import { installationVapidKeys } from './modules/push-notifications/vapid-keys.ts';
import { runAlerts } from './modules/alerts/alerts-plugin.ts';
import { appManifestRoute, serviceWorkerRoutes, WORKER_FEATURES } from './modules/app-manifest/routes.ts';
import { localOutageFeed } from './integrations/outages/local-feed.ts';
import type { OutageSystem } from './integrations/outages/port.ts';
import { runOutages } from './modules/outages/outages-plugin.ts';
import { runSupportCrm } from './modules/support/crm-handover.ts';
import { runContractLifeCycle } from './modules/contracts/advance-contracts.ts';
import type { CrmSystem } from './integrations/crm/port.ts';
import { actorResolution, SESSION_COOKIE } from './platform/actor.ts';
import { createActorCache } from './platform/actor-cache.ts';
import { createCustomerAnswers } from './platform/customer-answers.ts';
import { createLongAnswers, longAnswerRevocation } from './platform/long-answers.ts';
import { ANSWER_ENCODINGS, BROTLI_OPTIONS, COMPRESS_FROM_BYTES } from './platform/kept-answer.ts';
import { createSessionActivity } from './platform/session-activity.ts';
import type { DatabaseHandle } from './platform/database.ts';
import { errorHandling } from './platform/errors.ts';
import { dropForwardedHost } from './platform/forwarded-host.ts';
import { jobRunning } from './platform/jobs/job-runner-plugin.ts';
import { openApi } from './platform/openapi.ts';
import { rateLimits, type OutsideService } from './platform/rate-limits.ts';
import { requestIdFor } from './platform/request-id.ts';
import { answerFrameworkError, security } from './platform/security.ts';
import { inputCharacters } from './platform/input-characters.ts';
import { INPUT_LIMITS, inputLimits } from './platform/input-limits.ts';
import { createParsingPool } from './platform/parsing-pool.ts';
import { siteResolution } from './platform/site-resolution.ts';
import { anyFeatureArea, featureArea } from './platform/route-areas.ts';
import { registerGuardedAreas } from './guarded-areas.ts';
import { crmFor, mailSenderFor, paymentProviderFor, signingServiceFor } from './outside-systems.ts';

/**
 * A route as registered; `freshVerification` is its demand for a recent e-ID sign-in (platform/actor.ts),
 * `outsideService` the outside system it calls while the caller waits (platform/rate-limits.ts).
 */
export type RegisteredRoute = { method: string; url: string; freshVerification: boolean; outsideService: OutsideService | null };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  appVersion: string;
  logger?: FastifyServerOptions['logger'];
  /** A logger made before the app, so the start (migrations, demo seed) and the requests log the same way. */
  loggerInstance?: FastifyBaseLogger;
  mail?: MailSender;
  sms?: SmsSender;
  /** Web Push; tests point it at a local push service stand-in through PUSH_SERVICE_HOSTS. */
  push?: PushSender;
  /** Tests put a provider adapter pointed at a local stand-in server here; otherwise config decides. */
  paymentProvider?: PaymentProvider;
  /** The grid's outage system; by default the local feed in demo mode and none otherwise. */
  outageSystem?: OutageSystem | null;
  /** Where support tickets are handled: the portal's own queue unless config names a CRM (docs/decisions/057). */
  crm?: CrmSystem;
  /** Tests put a Dokobit adapter pointed at a local stand-in here; otherwise config decides. */
  signingService?: SigningService | null;
};

/** Builds the whole server: platform plugins first, then one plugin per API area, then the web app. */
export async function buildApp({
  config,
  database,
  appVersion,
  logger = false,
  loggerInstance,
  mail = mailSenderFor(config),
  sms = outboxSmsSender(config.sms.outboxDir),
  push = webPushSender(config.push.serviceHosts),
  paymentProvider,
  outageSystem = config.demoMode ? localOutageFeed : null,
  crm = crmFor(config),
  signingService,
}: AppDeps) {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: INPUT_LIMITS.jsonBodyBytes.limit,
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // Every route, as registered: the authorization matrix and the input fuzz test walk this list, so a new
  // route is proven safe by being added, not by someone remembering to add it to a test.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const { freshVerification = false, outsideService = null } = route.config ?? {};
      registeredRoutes.push({ method, url: route.url, freshVerification, outsideService });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', dropForwardedHost);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const { db } = database;
  // The sites every request needs, kept by this copy: a cache with a lifecycle, not a repository (decision 020).
  const sites = createSiteCache(db, {
    changes: database,
    onLost: (error) => app.log.warn({ err: error }, 'site changes unheard; not keeping sites'),
  });

  // Traces and metrics first, so that what a later plugin refuses is seen too (docs/decisions/113, 115).
  if (config.traces) await traceRequests(app);
  const metrics = createMetrics();
  await app.register(requestMetrics, { metrics });
  const stopTimingStatements = database.observeStatements((operation, seconds, failed) => {
    metrics.statements.observe({ operation, failed: String(failed) }, seconds);
    countStatementOfRequest();
  });
  app.addHook('onClose', async () => stopTimingStatements());
  await app.register(errorHandling);
  await app.register(jobRunning, {
    database,
    enabled: config.jobs.enabled,
    pollIntervalMs: config.jobs.pollIntervalMs,
    onFinished: ({ kind, outcome }, seconds) => metrics.jobsFinished.observe({ kind, outcome }, seconds),
  });
  app.jobs.handle(sendMailJob, sendMailWith(mail));
  app.jobs.handle(sendSmsJob, sendSmsWith(sms));
  // Alerts from the notification settings, sent by e-mail, SMS and Web Push (docs/decisions/043-alerts.md).
  const vapidKeys = installationVapidKeys(db);
  const alertSenders = { mail, sms, push, vapidKeys, vapidSubject: `mailto:${config.mail.fromAddress}`, sites };
  // Outages from the grid's outage system, and their notices to outage contacts (docs/decisions/051, 052).
  runOutages(app.jobs, outageSystem, { mail, sms, sites });
  // Support tickets handed to a utility's CRM and its replies read back (docs/decisions/057).
  runSupportCrm(app.jobs, crm, sites, config.crm.pollCron);
  // Contracts become active on their start day and end after their end date, on each site's clock (decision 030).
  runContractLifeCycle(app.jobs);
  // Personal data past its retention, removed nightly (GDPR storage limitation, docs/decisions/114-retention.md).
  app.jobs.handle(
    removeExpiredJob,
    removeExpiredWith({ days: config.retentionDays, outboxDirs: [config.mail.outboxDir, config.sms.outboxDir] }),
  );
  app.jobs.schedule(removeExpiredNightly);
  // A customer's copy of everything about them (GDPR Art. 15 and 20, docs/decisions/110).
  app.jobs.handle(
    makeDataExportJob,
    makeDataExportWith({ siteOf: (siteId) => sites.findById(siteId), keptDays: config.retentionDays['data-exports'] }),
  );
  // Readings' partitions by month, made ahead and given to rows that arrived without one (docs/decisions/116).
  app.jobs.handle(makeReadingPartitionsJob, makeReadingPartitions);
  app.jobs.schedule(makeReadingPartitionsNightly);
  await app.register(cookie);
  // Pages and API answers of 1 KB and more, compressed as the browser accepts (docs/decisions/080); a built file
  // that has its .br or .gz copy goes out as that copy (web-app routes), and event streams never wait in a compressor.
  // Kept answers carry their own compressed copies (platform/kept-answer.ts, decision 089).
  // Answers only: request bodies are taken as sent (decision 099), so nothing inflates a body before its limit reads it.
  await app.register(compress, {
    encodings: [...ANSWER_ENCODINGS],
    threshold: COMPRESS_FROM_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
  await app.register(inputLimits);
  await app.register(inputCharacters);
  await app.register(security);
  await app.register(rateLimits, { redisUrl: config.redisUrl });
  await app.register(openApi, { version: appVersion });
  // Heavy parsing of uploads and imports runs on these threads, never on the event loop (decision 098).
  const parsing = createParsingPool();
  app.addHook('onClose', async () => parsing.close());
  const databaseProbe = startDatabaseProbe(database.ping);
  app.addHook('onClose', async () => databaseProbe.stop());
  const readiness = (): ReadinessState => ({
    closing,
    database: databaseProbe.state(),
    jobs: app.jobs.health(),
    // Read when asked: the head-end connects later in this function.
    meterBroker: app.headEnd.isConnected() ? 'ok' : 'reconnecting',
  });
  await app.register(healthRoutes, { readiness });
  if (config.healthPort !== null)
    serveHealthPort(app, { host: config.host, port: config.healthPort, readiness, metrics: metrics.exposition });
  await sites.start();
  app.addHook('onClose', async () => sites.stop());
  await app.register(siteResolution, { sites, defaultSiteId: config.defaultSiteId });
  // Event streams and downloads in progress end with the session or access they depend on (docs/decisions/100).
  const longAnswers = createLongAnswers({
    database,
    onLost: (error) => app.log.warn({ err: error }, 'ends of acting unheard; ending answers staff hold'),
    onCheckFailed: (error) => app.log.warn({ err: error }, 'a long answer could not be checked again; ended'),
  });
  await app.register(actorResolution, {
    db,
    actorCache: createActorCache({
      database,
      onLost: (error) => app.log.warn({ err: error }, 'actor changes unheard; not caching actors'),
      observer: longAnswers.personChanges,
    }),
    customerAnswers: createCustomerAnswers({
      database,
      onLost: (error) => app.log.warn({ err: error }, 'customer data changes unheard; not keeping answers'),
      observer: longAnswers.customerChanges,
      onLookup: (outcome) => metrics.customerAnswers.inc({ outcome }),
    }),
    sessionActivity: createSessionActivity(db),
    reverificationPeriodSeconds: config.auth.reverificationPeriodSeconds,
  });
  await app.register(longAnswerRevocation, { longAnswers });
  if (config.auth.demoIdpIssuer) {
    // Demo mode only: a copy in production does not load the OpenID provider library (issue 30, lean copies).
    const { demoIdentityProvider } = await import('./integrations/e-id/demo-identity-provider.ts');
    await app.register(demoIdentityProvider, {
      issuer: config.auth.demoIdpIssuer,
      identities: DEMO_PEOPLE,
      cookieKeys: [config.auth.secret],
      db,
      clients: await Promise.all(
        DEMO_SITES.map(async ({ id }) => ({
          clientId: `${id}-portal`,
          clientSecret: demoClientSecret(id),
          redirectUris: await demoRedirectUris(db, id, config.port),
        })),
      ),
    });
  }

  // Public: anyone, signed in or not.
  await app.register(siteRoutes);
  await app.register(translationRoutes, { db, sites });
  await app.register(countryRoutes);
  await app.register(externalServiceRoutes);
  await app.register(clientLogRoutes, { db });
  await app.register(bankRoutes, { db });
  const authDependencies = { db, secret: config.auth.secret, mail };
  await app.register(authRoutes, authDependencies);

  const simulator = createPaymentSimulator(db, config.payments.callbackSecret);
  const provider = paymentProvider ?? paymentProviderFor(config, simulator.provider);
  const providers = paymentProviders(provider ? [provider] : []);
  await app.register(paymentCallbackRoutes, { db, providers });
  if (provider?.id === 'SIMULATOR') await app.register(paymentSimulatorPages, { simulator });

  // Contract signing (docs/decisions/033-signing-port.md): the local service's pages in demo mode, the postbacks.
  const localSigning = createLocalSigningService(db);
  const signer = signingService === undefined ? signingServiceFor(config, localSigning) : signingService;
  const signingDeps = {
    parsing,
    db,
    signingService: signer,
    services: signer ? [signer] : [],
    datahub: localEstonianDatahub(db),
    register: localBusinessRegister,
  };
  await app.register(signingCallbackRoutes, signingDeps);
  if (signer?.id === 'LOCAL') await app.register(localSigningPages, { signing: localSigning });

  await app.register(headEndConnection, { config, db });
  const commands = { db, commandTimeoutMs: config.headEnd.commandTimeoutMs, now: () => new Date() };
  runLoadControl(app, { ...commands, headEnd: app.headEnd });
  observeCopy(metrics, { database, longAnswers, headEnd: app.headEnd });
  const liveReadings = createLiveReadingsHub(app.headEnd);
  // Open streams end before the server stops taking connections, or closing would wait for them.
  app.addHook('preClose', async () => liveReadings.close());
  // The power peak alert projects the running hour from live readings, so it starts once the hub exists (decision 128).
  runAlerts(app.jobs, alertSenders, config.alerts, liveReadings);

  // Guarded areas (docs/decisions/020-server-conventions.md): one guard per area, run before validation.
  await registerGuardedAreas(app, {
    config,
    db,
    sites,
    providers,
    signingDeps,
    crm,
    vapidKeys,
    commands,
    liveReadings,
  });
  // `npm run import` hands its file to the server that holds the PGlite folder (docs/decisions/014).
  if (database.lock) await app.register(importRoute, { db, token: database.lock.holder.token, parsing });

  // The installable app: manifest, service worker and offline page per site (docs/decisions/045-installable-app.md).
  await app.register(
    anyFeatureArea(WORKER_FEATURES, async (installable) => {
      await installable.register(serviceWorkerRoutes, { appVersion });
      await installable.register(featureArea('PWA', async (pwa) => pwa.register(appManifestRoute)));
    }),
  );
  const infoSettings = { reverificationPeriodSeconds: config.auth.reverificationPeriodSeconds, authSecret: config.auth.secret };
  const runAuth = authFor(authDependencies);
  await app.register(webAppRoutes, {
    distDir: config.webDistDir,
    sourceMaps: config.sourceMaps,
    appVersion,
    db,
    sites,
    signedIn: (request) =>
      request.actor
        ? {
            session: portalSessionOf(request.actor, request.site, request.actor.person.sessionExpires),
            info: actorInfoOf(request.actor, request.cookies[SESSION_COOKIE]!, infoSettings),
          }
        : null,
    signInForm: (request) => signInFormOf({ runAuth, db }, request),
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
