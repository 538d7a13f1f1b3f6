import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIn } from '@portal/schema/calendar-dates';
import {
  contractOfferList,
  productCosts as productCostsAnswer,
  productCostsQuery,
  productList,
  productsByIdsQuery,
  productsQuery,
} from '@portal/schema/products';
import { actorOf, customerOf } from '../../platform/actor.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { contractOffers } from './contract-offers.ts';
import { productCosts } from './product-costs.ts';
import type { Database } from '../../platform/database.ts';
import { productRepository, shownProduct } from './product-repository.ts';
import { isAvailableOn, isVisibleTo, type Viewer } from './product-visibility.ts';

type Options = { db: Database; now?: () => Date };

/** The acting customer, when there is one (a newcomer signing a first contract has none yet). */
function viewerOf(request: FastifyRequest, campaignCode: string | undefined, legalEntity?: boolean): Viewer {
  const customer = actorOf(request).customer;
  return {
    customerId: customer?.id ?? null,
    customerType: customer?.type ?? (legalEntity === undefined ? null : legalEntity ? 'legal' : 'private'),
    campaignCode: campaignCode ?? null,
  };
}

/** GET /api/products and /api/products/by-ids (spec §7), for anyone signed in on the site; visibility decides what each sees. */
export const productRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/products',
    {
      schema: {
        tags: ['products'],
        summary: 'The site’s products this person may see today, by utility, product group and campaign code',
        querystring: productsQuery,
        response: { 200: productList, ...guardedErrors },
      },
    },
    async (request) => {
      const { utility, productGroup, campaignCode } = request.query;
      // The product-group filter is a feature of the site (spec §6); elsewhere every group is listed.
      const grouped = request.site.features.includes('PRODUCT_GROUP_FILTERING') ? productGroup : undefined;
      const today = todayIn(request.site.timezone, now());
      const viewer = viewerOf(request, campaignCode);
      return (await productRepository.catalogue(db, actorOf(request).siteId, { utility, productGroup: grouped }))
        .filter((row) => isAvailableOn(row, today) && isVisibleTo(row, viewer))
        .map(shownProduct);
    },
  );

  app.get(
    '/api/products/by-ids',
    {
      schema: {
        tags: ['products'],
        summary: 'Named products, as this customer (or a company or private newcomer) may sign them from the supply start date',
        querystring: productsByIdsQuery,
        response: { 200: productList, ...guardedErrors },
      },
    },
    async (request) => {
      const { productId, legalEntity, supplyStartDate, meteringPointId, productCampaignCode } = request.query;
      const viewer = viewerOf(request, productCampaignCode, legalEntity);
      const day = supplyStartDate ?? todayIn(request.site.timezone, now());
      let rows = await productRepository.byIds(db, actorOf(request).siteId, productId);
      if (meteringPointId) {
        const customer = actorOf(request).customer;
        const point = customer
          ? await productRepository.meteringPointUtility(db, { siteId: actorOf(request).siteId, customerId: customer.id }, meteringPointId)
          : null;
        if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
        rows = rows.filter((row) => row.utility === point);
      }
      return rows.filter((row) => isAvailableOn(row, day) && isVisibleTo(row, viewer)).map(shownProduct);
    },
  );
};

/** GET /api/me/contract-offers (spec §7): renewal offers, where the site has RENEWAL_OFFERS. */
export const contractOfferRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/me/contract-offers',
    {
      schema: {
        tags: ['products', 'contracts'],
        summary: 'Renewal offers for the acting customer’s live contracts, with yearly estimates from their own consumption',
        response: { 200: contractOfferList, ...guardedErrors },
      },
    },
    async (request) =>
      contractOffers(
        { db },
        { siteId: actorOf(request).siteId, customerId: customerOf(request).id },
        customerOf(request),
        request.site,
        now(),
      ),
  );
};

/** GET /api/me/product-costs (issue 28, decision 120): what the customer's own last twelve months would have cost under each product. */
export const productCostRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/me/product-costs',
    {
      schema: {
        tags: ['products'],
        summary: 'The acting customer’s own last twelve whole months priced under each product on offer, beside what they were invoiced',
        querystring: productCostsQuery,
        response: { 200: productCostsAnswer, ...guardedErrors },
      },
    },
    async (request) =>
      productCosts(
        { db },
        { siteId: actorOf(request).siteId, customerId: customerOf(request).id },
        customerOf(request),
        request.site,
        request.query,
        now(),
      ),
  );
};
