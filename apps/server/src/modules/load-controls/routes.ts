import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '@portal/schema/calendar-dates';
import { apiErrorBody } from '@portal/schema/errors';
import {
  changeControlRequest,
  commandAnswer,
  connectionStatusView,
  hanPortRequest,
  hanPortView,
  liveReadingsView,
  loadCommand,
  loadPlan,
  loadPlanList,
  meteringPointStatus,
  planListQuery,
  planPreview,
  planRequest,
  type CommandAnswer,
} from '@portal/schema/power';
import { actorOf, customerOf, customerScopeOf } from '../../platform/actor.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { changeControl, readLiveReadings, setHanPort } from './change-control.ts';
import { connectionStatus, hanPortStatus, listMeteringPointStatuses, meteringPointStatus as statusOf } from './control-status.ts';
import { liveReadingsMeter } from './find-meter.ts';
import type { CommandDeps, Requester } from './issue-command.ts';
import type { LiveReadingsHub } from './live-readings-hub.ts';
import { streamLiveReadings } from './live-readings-stream.ts';
import { loadControlRepository, toLoadCommand } from './load-control-repository.ts';
import { cancelPlan, createPlan, listPlans, previewPlan } from './plan-load.ts';

const tags = ['load-controls'];
const objectParams = z.object({ objectId: z.string().min(1).max(100) });
const commandResponses = { 200: commandAnswer, 202: commandAnswer, 409: apiErrorBody, ...refusedError, ...guardedErrors };

function requesterOf(request: FastifyRequest): Requester {
  const actor = actorOf(request);
  return { personId: actor.person.id, actingAs: actor.actingAs, requestId: request.id, ipAddress: request.ip, origin: 'customer' };
}

/** 202: a new command is on its way; 200: the one already pending for that target (one at a time). */
const statusOfAnswer = (answer: CommandAnswer) => (answer.alreadyPending ? 200 : 202);

/**
 * Status calls and switching (spec §7, /api/load-controls/…), in the customer area behind any of the power
 * features; change-control checks the feature of what it switches (RELAY_CONTROL, POWER_CONTROL_ON_OFF).
 */
/** The acting customer with what a plan's prices need: the site's clock and country, the customer's type (VAT). */
const planScopeOf = (request: FastifyRequest) => ({
  ...customerScopeOf(request),
  timezone: request.site.timezone,
  countryCode: request.site.countryCode,
  customerType: customerOf(request).type,
});

export const loadControlRoutes: FastifyPluginAsyncZod<{ deps: CommandDeps }> = async (app, { deps }) => {
  app.get(
    '/api/load-controls/metering-points',
    {
      schema: {
        tags,
        summary: 'Every meter of the acting customer the portal can control, with its loads, connection and HAN port',
        response: { 200: z.array(meteringPointStatus), ...guardedErrors },
      },
    },
    async (request) => listMeteringPointStatuses(deps.db, customerScopeOf(request)),
  );

  app.get(
    '/api/load-controls/metering-point-status/:gsrn',
    {
      schema: {
        tags,
        summary: 'One controllable meter by its GSRN: loads, connection, HAN port and pending commands',
        params: z.object({ gsrn: z.string().min(1).max(64) }),
        response: { 200: meteringPointStatus, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => statusOf(deps.db, customerScopeOf(request), request.params.gsrn),
  );

  app.get(
    '/api/load-controls/connection-status/:objectId',
    {
      schema: {
        tags,
        summary: 'The object’s grid connection as its meter last confirmed it, and a connect or disconnect under way',
        params: objectParams,
        response: { 200: connectionStatusView, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => connectionStatus(deps.db, customerScopeOf(request), request.params.objectId),
  );

  app.post(
    '/api/load-controls/change-control',
    {
      config: { freshVerification: true },
      schema: {
        tags,
        summary: 'Switches a load’s relay on or off, or connects or disconnects an object; answers with the pending command',
        body: changeControlRequest,
        response: commandResponses,
      },
    },
    async (request, reply) => {
      const scope = { ...customerScopeOf(request), features: request.site.features };
      const answer = await changeControl(deps, scope, request.body, requesterOf(request));
      return reply.status(statusOfAnswer(answer)).send(answer);
    },
  );

  app.get(
    '/api/load-controls/commands/:commandId',
    {
      schema: {
        tags,
        summary: 'One command of the acting customer and its outcome (pending, confirmed, failed, timed-out)',
        params: z.object({ commandId: z.string().min(1).max(100) }),
        response: { 200: loadCommand, ...guardedErrors },
      },
    },
    async (request) => {
      const found = await loadControlRepository.commandOfScope(deps.db, customerScopeOf(request), request.params.commandId);
      if (!found) throw new AppError('COMMAND_NOT_FOUND', 'No such command');
      return toLoadCommand(found);
    },
  );
};

/** GET and POST /api/load-controls/han-port-status/{objectId}: behind POWER_CONTROL_HAN_PORT. */
export const hanPortRoutes: FastifyPluginAsyncZod<{ deps: CommandDeps }> = async (app, { deps }) => {
  app.get(
    '/api/load-controls/han-port-status/:objectId',
    {
      schema: {
        tags,
        summary: 'Whether the meter’s HAN port is open, and an action under way',
        params: objectParams,
        response: { 200: hanPortView, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => hanPortStatus(deps.db, customerScopeOf(request), request.params.objectId),
  );

  app.post(
    '/api/load-controls/han-port-status/:objectId',
    {
      // An open HAN port hands the household's live data to whatever is plugged in: as sensitive as a relay.
      config: { freshVerification: true },
      schema: {
        tags,
        summary: 'Opens or closes the meter’s HAN port (spec §4: body action); answers with the pending command',
        params: objectParams,
        body: hanPortRequest,
        response: commandResponses,
      },
    },
    async (request, reply) => {
      const answer = await setHanPort(deps, customerScopeOf(request), request.params.objectId, request.body.action, requesterOf(request));
      return reply.status(statusOfAnswer(answer)).send(answer);
    },
  );
};

/** Live readings (LIVE_READINGS): ask for one now, the latest, and a stream of them as Server-Sent Events. */
export const liveReadingRoutes: FastifyPluginAsyncZod<{ deps: CommandDeps; hub: LiveReadingsHub }> = async (app, { deps, hub }) => {
  app.post(
    '/api/load-controls/read-live-readings/:objectId',
    {
      schema: {
        tags,
        summary: 'Asks the object’s meter for a reading now; it arrives on the stream and in live-readings',
        params: objectParams,
        response: commandResponses,
      },
    },
    async (request, reply) => {
      const answer = await readLiveReadings(deps, customerScopeOf(request), request.params.objectId, requesterOf(request));
      return reply.status(statusOfAnswer(answer)).send(answer);
    },
  );

  app.get(
    '/api/load-controls/live-readings/:objectId',
    {
      schema: {
        tags,
        summary: 'The latest live reading of the object’s meter and the last few minutes, for clients without streams',
        params: objectParams,
        response: { 200: liveReadingsView, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => {
      const meter = await liveReadingsMeter(deps.db, customerScopeOf(request), request.params.objectId, todayIn(request.site.timezone));
      const { latest, recent } = await hub.latest({ siteId: meter.siteId, gsrn: meter.gsrn });
      return { objectId: meter.objectId, meteringPointId: meter.meteringPointId, latest, recent };
    },
  );

  app.get(
    '/api/load-controls/live-readings/:objectId/stream',
    {
      schema: {
        tags,
        summary: 'Live readings as Server-Sent Events (event "reading"); resumes after Last-Event-ID or ?lastEventId',
        params: objectParams,
        querystring: z.object({
          lastEventId: z
            .string()
            .regex(/^\d{1,16}$/)
            .optional(),
        }),
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,16}$/)
            .optional(),
        }),
        produces: ['text/event-stream'],
        response: { 200: z.any().describe('text/event-stream'), ...refusedError, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const scope = customerScopeOf(request);
      const { objectId } = request.params;
      const { timezone } = request.site;
      const meter = await liveReadingsMeter(deps.db, scope, objectId, todayIn(timezone));
      // Asked again whenever the customer's data changes, and now and then: moving out ends the stream too.
      const stillAllowed = () =>
        liveReadingsMeter(deps.db, scope, objectId, todayIn(timezone)).then(
          (found) => found.meteringPointId === meter.meteringPointId,
          () => false,
        );
      const lastEventId = request.headers['last-event-id'] ?? request.query.lastEventId ?? null;
      return streamLiveReadings(request, reply, hub, { siteId: meter.siteId, gsrn: meter.gsrn }, { lastEventId, stillAllowed });
    },
  );
};

/** ★ Cheapest-hours plans for loads that can wait (RELAY_CONTROL). */
export const planRoutes: FastifyPluginAsyncZod<{ deps: CommandDeps }> = async (app, { deps }) => {
  app.post(
    '/api/load-controls/plans/preview',
    {
      schema: {
        tags,
        summary: 'Picks the cheapest hours of a window from the spot prices and prices them against running at once; writes nothing',
        body: planRequest,
        response: { 200: planPreview, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => previewPlan(deps, planScopeOf(request), request.body),
  );

  app.post(
    '/api/load-controls/plans',
    {
      config: { freshVerification: true },
      schema: {
        tags,
        summary: 'Makes a cheapest-hours plan: the load is switched on in the chosen hours and off in the others',
        body: planRequest,
        response: { 201: loadPlan, ...refusedError, ...guardedErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPlan(deps, planScopeOf(request), request.body, requesterOf(request))),
  );

  app.get(
    '/api/load-controls/plans',
    {
      schema: {
        tags,
        summary: 'The latest plans of the acting customer, newest first',
        querystring: planListQuery,
        response: { 200: loadPlanList, ...guardedErrors },
      },
    },
    async (request) => listPlans(deps, customerScopeOf(request), request.query.loadId),
  );

  app.delete(
    '/api/load-controls/plans/:planId',
    {
      config: { freshVerification: true },
      schema: {
        tags,
        summary: 'Cancels a plan’s coming switches; the load stays as the last switch left it',
        params: z.object({ planId: z.string().min(1).max(100) }),
        response: { 200: loadPlan, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => cancelPlan(deps, customerScopeOf(request), request.params.planId, requesterOf(request)),
  );
};
