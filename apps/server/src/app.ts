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
};

/** Builds the whole server: platform plugins first, then one plugin per API area, then the web app. */
export async function buildApp({ config, database, appVersion, logger = false }: AppDeps) {
  const app = Fastify({
    logger,
    genReqId: requestIdFor,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
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

  await app.register(errorHandling);
  await app.register(cookie);
  await app.register(security);
  await app.register(rateLimit, { global: false });
  await app.register(openApi, { version: appVersion });
  await app.register(healthRoutes, { ping: database.ping, isClosing: () => closing });
  await app.register(siteResolution, { sites, defaultSiteId: config.defaultSiteId });

  await app.register(siteRoutes);
  await app.register(translationRoutes, { translations });
  await app.register(countryRoutes);
  await app.register(externalServiceRoutes);
  await app.register(clientLogRoutes, { clientLogs: createClientLogRepository(db) });
  await app.register(webAppRoutes, { distDir: config.webDistDir, appVersion, translations });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
