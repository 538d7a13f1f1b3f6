import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createClientLogRepository } from './modules/client-logs/client-log-repository.ts';
import { clientLogRoutes } from './modules/client-logs/routes.ts';
import { countryRoutes } from './modules/countries/routes.ts';
import { externalServiceRoutes } from './modules/external-services/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { createSiteRepository } from './modules/sites/site-repository.ts';
import { createTranslationRepository } from './modules/translations/translation-repository.ts';
import { translationRoutes } from './modules/translations/routes.ts';
import { webAppRoutes } from './modules/web-app/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createSiteAdminRepository } from './modules/admin/site-admin-repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createIdentityProviderRepository } from './modules/auth/site-identity-providers.ts';
import { meRoutes } from './modules/me/routes.ts';
import { createProfileRepository } from './modules/me/profile-repository.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { bankRoutes } from './modules/banks/routes.ts';
import { createBankRepository } from './modules/banks/bank-repository.ts';
import { createInvoiceRepository } from './modules/invoices/invoice-repository.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { createPaymentRepository } from './modules/payments/payment-repository.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { paymentProviders } from './modules/payments/start-payment.ts';
import { createEveryPayProvider } from './integrations/payments/everypay.ts';
import { createNeonomicsProvider } from './integrations/payments/neonomics.ts';
import type { PaymentProvider } from './integrations/payments/port.ts';
import { createPaymentSimulator } from './integrations/payments/simulator.ts';
import { paymentSimulatorPages } from './integrations/payments/simulator-pages.ts';
import { chartRoutes } from './modules/charts/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { createEnergyRepository } from './modules/readings/energy-repository.ts';
import { readingsRoutes } from './modules/readings/routes.ts';
import { usagePointRoutes } from './modules/usage-points/routes.ts';
import { parseQueryString } from './platform/query-string.ts';
import { demoClientSecret, demoRedirectUris } from './db/seed/demo-identities.ts';
import { DEMO_PEOPLE } from './db/seed/demo-people.ts';
import { DEMO_SITES } from './db/seed/demo-sites.ts';
import { demoIdentityProvider } from './integrations/e-id/demo-identity-provider.ts';
import { outboxMailSender } from './integrations/mail/outbox.ts';
import type { MailSender } from './integrations/mail/port.ts';
import { smtpMailSender } from './integrations/mail/smtp.ts';
import { actorResolution } from './platform/actor.ts';
import { createActorRepository } from './platform/actor-repository.ts';
import type { DatabaseHandle } from './platform/database.ts';
import { errorHandling } from './platform/errors.ts';
import { openApi } from './platform/openapi.ts';
import { requestIdFor } from './platform/request-id.ts';
import { security } from './platform/security.ts';
import { siteResolution } from './platform/site-resolution.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  appVersion: string;
  logger?: FastifyServerOptions['logger'];
  mail?: MailSender;
  /** Tests put a provider adapter pointed at a local stand-in server here; otherwise config decides. */
  paymentProvider?: PaymentProvider;
};

/** Builds the whole server: platform plugins first, then one plugin per API area, then the web app. */
export async function buildApp({ config, database, appVersion, logger = false, mail = mailSenderFor(config), paymentProvider }: AppDeps) {
  const app = Fastify({
    logger,
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const { db } = database;
  const sites = createSiteRepository(db);
  const translations = createTranslationRepository(db);
  const actors = createActorRepository(db);
  const clientLogs = createClientLogRepository(db);

  await app.register(errorHandling);
  await app.register(cookie);
  await app.register(security);
  await app.register(rateLimit, { global: false });
  await app.register(openApi, { version: appVersion });
  await app.register(healthRoutes, { ping: database.ping, isClosing: () => closing });
  await app.register(siteResolution, { sites, defaultSiteId: config.defaultSiteId });
  await app.register(actorResolution, { actors });
  if (config.auth.demoIdpIssuer) {
    await app.register(demoIdentityProvider, {
      issuer: config.auth.demoIdpIssuer,
      identities: DEMO_PEOPLE,
      cookieKeys: [config.auth.secret],
      clients: await Promise.all(
        DEMO_SITES.map(async ({ id }) => ({
          clientId: `${id}-portal`,
          clientSecret: demoClientSecret(id),
          redirectUris: await demoRedirectUris(db, id, config.port),
        })),
      ),
    });
  }

  await app.register(siteRoutes);
  await app.register(translationRoutes, { translations });
  await app.register(countryRoutes);
  await app.register(externalServiceRoutes);
  await app.register(clientLogRoutes, { clientLogs });
  await app.register(authRoutes, {
    db,
    actors,
    secret: config.auth.secret,
    identityProviders: createIdentityProviderRepository(db),
    mail,
    clientLogs,
  });
  await app.register(meRoutes, {
    profiles: createProfileRepository(db),
    actors,
    reverificationPeriodSeconds: config.auth.reverificationPeriodSeconds,
  });
  await app.register(staffRoutes, { actors });
  const energy = createEnergyRepository(db);
  await app.register(dashboardRoutes, { energy });
  await app.register(chartRoutes, { energy });
  await app.register(locationRoutes, { energy });
  await app.register(usagePointRoutes, { energy });
  await app.register(readingsRoutes, { energy });
  const invoices = createInvoiceRepository(db);
  const simulator = createPaymentSimulator(db, config.payments.callbackSecret);
  const provider = paymentProvider ?? paymentProviderFor(config, simulator.provider);
  await app.register(invoiceRoutes, { db, invoices });
  await app.register(paymentRoutes, { invoices, payments: createPaymentRepository(db), providers: paymentProviders(provider ? [provider] : []) });
  if (provider?.id === 'SIMULATOR') await app.register(paymentSimulatorPages, { simulator });
  await app.register(bankRoutes, { banks: createBankRepository(db) });
  await app.register(adminRoutes, { siteAdmin: createSiteAdminRepository(db) });
  await app.register(webAppRoutes, { distDir: config.webDistDir, appVersion, translations });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

function mailSenderFor(config: Config): MailSender {
  return config.mail.smtpUrl
    ? smtpMailSender(config.mail.smtpUrl, config.mail.fromAddress)
    : outboxMailSender(config.mail.outboxDir, config.mail.fromAddress);
}

function paymentProviderFor(config: Config, simulator: PaymentProvider): PaymentProvider | null {
  const { provider, everypay, neonomics } = config.payments;
  if (provider === 'EVERYPAY' && everypay) return createEveryPayProvider(everypay);
  if (provider === 'NEONOMICS' && neonomics) return createNeonomicsProvider(neonomics);
  return provider === 'SIMULATOR' ? simulator : null;
}
