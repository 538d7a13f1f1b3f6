import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteBootstrap } from '@portal/schema/site';
import type { SiteRepository } from '../modules/sites/site-repository.ts';
import { notFound } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for, told apart by host name. */
    site: SiteBootstrap;
  }
}

type Options = { sites: SiteRepository; defaultSiteId: string | null };

/** Rule 7: every request belongs to one site, found from the Host header; unknown hosts use the default site. */
export const siteResolution = fp<Options>(
  async (app: FastifyInstance, { sites, defaultSiteId }) => {
    app.decorateRequest('site', null as unknown as SiteBootstrap);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.url.startsWith('/health/')) return;
      const host = request.hostname.toLowerCase();
      const site = (await sites.findByHost(host)) ?? (defaultSiteId ? await sites.findById(defaultSiteId) : null);
      if (!site) throw notFound(`No site is served at ${host}`, 'UNKNOWN_SITE');
      request.site = site;
    });
  },
  { name: 'site-resolution' },
);
