import type { FastifyPluginAsync } from 'fastify';
import { pageLocale } from '../../platform/request-locale.ts';
import { appManifest } from './app-manifest.ts';
import { offlinePage } from './offline-page.ts';
import { serviceWorkerSource } from './service-worker-source.ts';

/** Sites with either feature get the service worker: the installed app needs it, and so does push. */
export const WORKER_FEATURES = ['PWA', 'PUSH_NOTIFICATIONS'] as const;

/**
 * The installable app of each site (docs/decisions/045-installable-app.md): its manifest, registered where the site
 * offers PWA. Per host, like the pages.
 */
export const appManifestRoute: FastifyPluginAsync = async (app) => {
  app.get('/manifest.webmanifest', async (request, reply) => {
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(appManifest(request.site, pageLocale(request))));
  });
};

/**
 * The service worker with this release in it and the offline page the worker keeps, registered where the site offers
 * either of WORKER_FEATURES.
 */
export const serviceWorkerRoutes: FastifyPluginAsync<{ appVersion: string }> = async (app, { appVersion }) => {
  const worker = serviceWorkerSource(appVersion);

  app.get('/sw.js', async (_request, reply) => {
    // The browser looks for a new worker on every visit; it must never be an old copy from a cache. The worker's own
    // policy lets it fetch pages and the offline page of its site, and nothing else (the API's policy allows nothing).
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'self'; script-src 'none'; frame-ancestors 'none'; base-uri 'none'")
      .send(worker);
  });

  app.get('/offline.html', async (request, reply) => {
    const page = offlinePage(request.site, pageLocale(request));
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', page.contentSecurityPolicy)
      .header('cache-control', 'no-cache')
      .send(page.html);
  });
};
