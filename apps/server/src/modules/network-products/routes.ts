import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { networkProductChangeRequest, networkProducts } from '@portal/schema/network-products';
import { actorOf, customerOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { cancelNetworkProductChange, changeNetworkProduct, type Changer } from './change-network-product.ts';
import { readNetworkProducts, type NetworkCustomer } from './network-products.ts';

type Options = { db: Database; now?: () => Date };

const idParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['contracts'];

const networkCustomerOf = (request: FastifyRequest): NetworkCustomer => ({
  scope: customerScopeOf(request),
  customer: customerOf(request),
  site: request.site,
});

const changerOf = (request: FastifyRequest): Changer => {
  const actor = actorOf(request);
  return {
    ...networkCustomerOf(request),
    personId: actor.person.id,
    actingAs: actor.actingAs,
    staffRoles: actor.staffRoles,
    managementDisabled: request.site.features.includes('CONTRACT_MANAGEMENT_DISABLED'),
    requestId: request.id,
    ipAddress: request.ip,
  };
};

/**
 * A network operator's customer compares its network products and changes theirs once a year (issue 29, decision 127).
 * Registered in the customer area behind CONTRACTS and NETWORK_PRODUCT_CHANGE. Rule 1: the contract named in the URL is
 * looked for among the acting customer's own on this site; another's is 404. Changes need a fresh e-ID verification,
 * as every change of a contract does.
 */
export const networkProductRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/contracts/:id/network-products',
    {
      schema: {
        tags,
        summary: 'The network products on offer for the grid contract’s metering point, its last twelve months priced under each',
        params: idParams,
        response: { 200: networkProducts, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => readNetworkProducts({ db }, networkCustomerOf(request), request.params.id, now()),
  );

  app.post(
    '/api/contracts/:id/network-product-change',
    {
      config: { freshVerification: true },
      schema: {
        tags,
        summary: 'Changes the grid contract’s network product from the first of next month; once in 12 months',
        params: idParams,
        body: networkProductChangeRequest,
        response: { 200: networkProducts, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => changeNetworkProduct({ db }, changerOf(request), request.params.id, request.body, now()),
  );

  app.post(
    '/api/contracts/:id/network-product-change/cancel',
    {
      config: { freshVerification: true },
      schema: {
        tags,
        summary: 'Cancels a change of network product that has not taken effect',
        params: idParams,
        response: { 200: networkProducts, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => cancelNetworkProductChange({ db }, changerOf(request), request.params.id, now()),
  );
};
