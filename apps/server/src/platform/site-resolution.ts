import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteBootstrap } from '@portal/schema/site';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for, told apart by host name. */
    site: SiteBootstrap;
  }
}

/** Where sites are found (modules/sites/site-cache.ts): the platform needs only these look-ups. */
export type SiteLookup = {
  /** The site kept in memory for a host, or undefined when it must be looked up. */
  keptByHost: (host: string) => SiteBootstrap | null | undefined;
  /** The site of `host`, or the `fallbackId` site when no site claims the host. */
  findByHost: (host: string, fallbackId: string | null) => Promise<SiteBootstrap | null>;
};

type Options = { sites: SiteLookup; defaultSiteId: string | null };

/** Calls that belong to no site: health checks for balancers, imports from this machine (commands/import-route.ts). */
const sitelessPrefixes = ['/health/', '/internal/'];

/** Rule 7: every request belongs to one site, found from the Host header; unknown hosts use the default site. */
export const siteResolution = fp<Options>(
  async (app: FastifyInstance, { sites, defaultSiteId }) => {
    app.decorateRequest('site', null as unknown as SiteBootstrap);
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      // The matched route, not the path: an unknown /health/x falls to the page catch-all, which needs a site.
      const route = request.routeOptions.url;
      if (route && sitelessPrefixes.some((prefix) => route.startsWith(prefix))) return done();
      const host = request.hostname.toLowerCase();
      // Nearly every request finds its site kept and goes on without a turn of the queue (decision 084).
      const kept = sites.keptByHost(host);
      if (kept) {
        request.site = kept;
        return done();
      }
      sites.findByHost(host, defaultSiteId).then((site) => {
        if (site) request.site = site;
        done(site ? undefined : new AppError('UNKNOWN_SITE', `No site is served at ${host}`));
      }, done);
    });
  },
  { name: 'site-resolution' },
);
