import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOutage, operatorOutageList, operatorOutageParams, plannedOutageRequest } from '@portal/schema/operator-outages';
import { actorOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import {
  cancelPlannedOutage,
  changePlannedOutage,
  listOperatorOutages,
  publishPlannedOutage,
  type Publisher,
} from './publish-planned-outage.ts';

const publisherOf = (request: FastifyRequest): Publisher => ({
  site: request.site,
  personId: actorOf(request).person.id,
  staffRoles: actorOf(request).staffRoles,
  call: { action: `${request.method} ${request.routeOptions.url}`, requestId: request.id, ipAddress: request.ip },
});

const REFUSALS = '422 OUTAGE_START_IN_PAST (a planned outage starts in the future), OUTAGE_AREA_UNKNOWN (a GSRN not of this site).';

/**
 * A network operator's planned outages (issue 29, docs/decisions/126), in the staff area behind OUTAGES: the site's
 * staff publish, change and cancel them before they begin; contacts in the area are told ahead. Only this site's.
 */
export const operatorOutageStaffRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    '/api/staff/outages',
    {
      schema: {
        tags: ['staff'],
        summary: "This site's planned outages its staff published, those under way and those over within a week, soonest first",
        response: { 200: operatorOutageList, ...guardedErrors },
      },
    },
    async (request) => listOperatorOutages(db, request.site, now()),
  );

  app.post(
    '/api/staff/outages',
    {
      schema: {
        tags: ['staff'],
        summary: 'Publishes a planned outage (area by postal codes and metering points, window on the site clock, reason)',
        description: `Outage contacts of contracts in force in the area are told ahead. ${REFUSALS}`,
        body: plannedOutageRequest,
        response: { 201: operatorOutage, ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => reply.status(201).send(await publishPlannedOutage(db, publisherOf(request), request.body, now())),
  );

  app.put(
    '/api/staff/outages/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Changes a planned outage before it begins; a moved window is announced again',
        description: `${REFUSALS} OUTAGE_NOT_EDITABLE once it has begun or was cancelled; 404 OUTAGE_NOT_FOUND.`,
        params: operatorOutageParams,
        body: plannedOutageRequest,
        response: { 200: operatorOutage, ...guardedErrors, ...refusedError },
      },
    },
    async (request) => changePlannedOutage(db, publisherOf(request), request.params.id, request.body, now()),
  );

  app.post(
    '/api/staff/outages/:id/cancel',
    {
      schema: {
        tags: ['staff'],
        summary: 'Cancels a planned outage before it begins; contacts already told are told it is cancelled',
        description: '422 OUTAGE_NOT_EDITABLE once it has begun or was cancelled; 404 OUTAGE_NOT_FOUND.',
        params: operatorOutageParams,
        response: { 200: operatorOutage, ...guardedErrors, ...refusedError },
      },
    },
    async (request) => cancelPlannedOutage(db, publisherOf(request), request.params.id, now()),
  );
};
