import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIn } from '@portal/schema/calendar-dates';
import { addressesQuery, addressParams, customerAddress, customerAddressList, saveAddressRequest } from '@portal/schema/settings';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { listAddresses, saveAddress } from './customer-addresses.ts';

/** Spec §7 GET /api/me/addresses?requestType&isWithActiveContractOnly, and keeping the postal and billing address. */
export const addressRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/addresses',
    {
      schema: {
        tags: ['me'],
        summary: "The acting customer's usage places and postal and billing addresses",
        querystring: addressesQuery,
        response: { 200: customerAddressList, ...guardedErrors },
      },
    },
    async (request) => listAddresses(db, customerScopeOf(request), request.query, todayIn(request.site.timezone)),
  );

  app.put(
    '/api/me/addresses/:requestType',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['me'],
        summary: "Saves the acting customer's postal or billing address",
        params: addressParams,
        body: saveAddressRequest,
        response: { 200: customerAddress, ...guardedErrors },
      },
    },
    async (request) => saveAddress(db, customerScopeOf(request), request.params.requestType, request.body, new Date()),
  );
};
