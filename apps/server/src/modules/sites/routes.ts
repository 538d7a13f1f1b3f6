import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import { siteBootstrap, type SiteBootstrap } from '@portal/schema/site';
import { KeptAnswer } from '../../platform/kept-answer.ts';

/**
 * The answer of GET /api/site, encoded once per loaded site (docs/decisions/080). The site cache hands out
 * the same object until it loads the site again (after its few seconds, or a change through this copy), so an
 * admin's change makes a new object and with it a new encoding.
 */
const encodings = new WeakMap<SiteBootstrap, KeptAnswer>();

function encodedSite(site: SiteBootstrap): KeptAnswer {
  let encoded = encodings.get(site);
  if (encoded === undefined) {
    // Checked against the contract once, as the response serializer would on every call.
    encoded = new KeptAnswer(JSON.stringify(siteBootstrap.parse(site)));
    encodings.set(site, encoded);
  }
  return encoded;
}

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['sites'],
        summary: 'The site this host name serves: brand, locales, features and links',
        response: { 200: siteBootstrap, 404: apiErrorBody },
      },
    },
    // The kept encoding (and its compressed copies) instead of validating and writing the site again.
    async (request, reply) => encodedSite(request.site).send(request, reply),
  );
};
