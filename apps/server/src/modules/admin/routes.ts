import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSiteParams,
  adminSiteSettings,
  domainAddRequest,
  domainParams,
  externalServicesUpdateRequest,
  featuresUpdateRequest,
  metaFieldsUpdateRequest,
  siteLocalesUpdateRequest,
  siteUpdateRequest,
} from '@portal/schema/admin';
import { apiErrorBody } from '@portal/schema/errors';
import { payeeDetails, sitePayee } from '@portal/schema/payee';
import { siteLocale } from '@portal/schema/site';
import { adminChangeOf } from '../../platform/admin-audit.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import {
  addDomain,
  readSiteSettings,
  removeDomain,
  updateExternalServices,
  updateFeatures,
  updateMetaFields,
  updateSite,
  updateSiteLocales,
} from './change-site-settings.ts';
import { readPayeeDetails, updatePayeeDetails } from './change-payee-details.ts';
import { siteAdminRepository } from './site-admin-repository.ts';

type Options = { db: Database };

/** Registered in the admin area: a site administrator, of the site named in the path only (docs/decisions/009, 070). */
export const adminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  const deps = { db };
  app.get(
    '/api/admin/locales',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every locale the portal is translated into',
        response: { 200: z.array(siteLocale), ...guardedErrors },
      },
    },
    async () => siteAdminRepository.allLocales(db),
  );
  app.get(
    '/api/admin/site/:siteId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Everything the site page edits, read from the database: zone, theme, languages, domains, meta, features, links',
        params: adminSiteParams,
        response: { 200: adminSiteSettings, ...guardedErrors },
      },
    },
    async (request) => readSiteSettings(deps, request.params.siteId),
  );
  app.patch(
    '/api/admin/site/:siteId',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: "The site's timezone (an IANA zone) and theme",
        params: adminSiteParams,
        body: siteUpdateRequest,
        response: { 200: adminSiteSettings, ...guardedErrors },
      },
    },
    async (request) => updateSite(deps, adminChangeOf(request), request.body),
  );
  app.get(
    '/api/admin/site/:siteId/locales',
    {
      schema: {
        tags: ['admin'],
        summary: "The site's locales in order",
        params: adminSiteParams,
        response: { 200: z.array(siteLocale), ...guardedErrors },
      },
    },
    async (request) => siteAdminRepository.locales(db, request.params.siteId),
  );
  app.put(
    '/api/admin/site/:siteId/locales',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: "The site's locales in order and its default locale (one of them)",
        params: adminSiteParams,
        body: siteLocalesUpdateRequest,
        response: { 200: z.array(siteLocale), ...guardedErrors },
      },
    },
    async (request) => updateSiteLocales(deps, adminChangeOf(request), request.body),
  );
  app.get(
    '/api/admin/site/:siteId/domains',
    {
      schema: {
        tags: ['admin'],
        summary: 'Host names that serve the site',
        params: adminSiteParams,
        response: { 200: z.array(z.string()), ...guardedErrors },
      },
    },
    async (request) => siteAdminRepository.domains(db, request.params.siteId),
  );
  app.post(
    '/api/admin/site/:siteId/domains',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Serve the site at one more host name (not one another site uses)',
        params: adminSiteParams,
        body: domainAddRequest,
        response: { 200: z.array(z.string()), 409: apiErrorBody, ...guardedErrors },
      },
    },
    async (request) => addDomain(deps, adminChangeOf(request), request.body.host),
  );
  app.delete(
    '/api/admin/site/:siteId/domains/:host',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Stop serving the site at a host name (never the last one, nor the one in use)',
        params: domainParams,
        response: { 200: z.array(z.string()), ...refusedError, ...guardedErrors },
      },
    },
    async (request) => removeDomain(deps, adminChangeOf(request), request.params.host, request.hostname),
  );
  app.put(
    '/api/admin/site/:siteId/meta-fields',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'The title and description of the site in one of its languages (empty removes)',
        params: adminSiteParams,
        body: metaFieldsUpdateRequest,
        response: { 200: adminSiteSettings, ...guardedErrors },
      },
    },
    async (request) => updateMetaFields(deps, adminChangeOf(request), request.body),
  );
  app.put(
    '/api/admin/site/:siteId/features',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'The released features the site offers',
        params: adminSiteParams,
        body: featuresUpdateRequest,
        response: { 200: adminSiteSettings, ...guardedErrors },
      },
    },
    async (request) => updateFeatures(deps, adminChangeOf(request), request.body),
  );
  app.put(
    '/api/admin/site/:siteId/external-services',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: "The footer's contact links and external service links, in order",
        params: adminSiteParams,
        body: externalServicesUpdateRequest,
        response: { 200: adminSiteSettings, ...guardedErrors },
      },
    },
    async (request) => updateExternalServices(deps, adminChangeOf(request), request.body),
  );
  app.get(
    '/api/admin/site/:siteId/payee',
    {
      schema: {
        tags: ['admin'],
        summary: "The seller and payee the site's invoices name: legal name, business ID, VAT number, address, accounts, references",
        params: adminSiteParams,
        response: { 200: sitePayee, ...guardedErrors },
      },
    },
    async (request) => readPayeeDetails(deps, request.params.siteId),
  );
  app.put(
    '/api/admin/site/:siteId/payee',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: "Replaces the site's payee details, checked against its country (docs/decisions/095)",
        params: adminSiteParams,
        body: payeeDetails,
        response: { 200: sitePayee, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => updatePayeeDetails(deps, adminChangeOf(request), request.body),
  );
};
