import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outageAddressList, outageContacts, outageContactsQuery, saveOutageContactsRequest } from '@portal/schema/outage-contacts';
import { meterEventList, meterEventsParams, outageList } from '@portal/schema/outages';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { sortForCustomer } from './sort-outages.ts';
import { outageRepository as outages } from './outage-repository.ts';
import { saveOutageContacts } from './save-outage-contacts.ts';

type Options = { db: Database; now?: () => Date };

/** Spec §2 /outages and §7 GET /api/outages/meter-events/{gsrn}, in the customer area behind OUTAGES. */
export const outageRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/outages',
    {
      schema: {
        tags: ['outages'],
        summary: "The site's planned, current and lately ended outages, those on the customer's streets first",
        response: { 200: outageList, ...guardedErrors },
      },
    },
    async (request) => sortForCustomer(await outages.listFor(db, customerScopeOf(request), now())),
  );

  app.get(
    '/api/outages/meter-events/:gsrn',
    {
      schema: {
        tags: ['outages'],
        summary: "What one of the customer's meters reported about its supply, newest first",
        params: meterEventsParams,
        response: { 200: meterEventList, ...guardedErrors },
      },
    },
    async (request) => {
      const events = await outages.meterEventsOf(db, customerScopeOf(request), request.params.gsrn);
      if (!events) throw new AppError('METERING_POINT_NOT_FOUND', 'You have no metering point with that GSRN');
      return events;
    },
  );
};

/** Spec §7 outage contacts calls, in the customer area behind OUTAGES and SETTINGS_OUTAGE_CONTACTS. */
export const outageContactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/outage-addresses',
    {
      schema: {
        tags: ['me'],
        summary: "The places of the customer's contracts in force, where outage contacts are kept",
        response: { 200: outageAddressList, ...guardedErrors },
      },
    },
    async (request) => outages.addresses(db, customerScopeOf(request)),
  );

  app.get(
    '/api/me/outage-contacts',
    {
      schema: {
        tags: ['me'],
        summary: "Who is told about outages at one contract's place, how and when",
        querystring: outageContactsQuery,
        response: { 200: outageContacts, ...guardedErrors },
      },
    },
    async (request) => {
      const scope = customerScopeOf(request);
      const { contractId } = request.query;
      if (!(await outages.hasContract(db, scope, contractId)))
        throw new AppError('CONTRACT_NOT_FOUND', 'You have no contract in force by that id');
      return { contractId, contacts: await outages.contacts(db, scope, contractId) };
    },
  );

  app.put(
    '/api/me/outage-contacts',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['me'],
        summary: "Replaces who is told about outages at one contract's place",
        body: saveOutageContactsRequest,
        response: { 200: outageContacts, ...guardedErrors },
      },
    },
    async (request) => saveOutageContacts(db, customerScopeOf(request), request.site, request.body),
  );
};
