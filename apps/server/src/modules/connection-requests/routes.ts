import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionAttachmentParams,
  connectionPlace,
  connectionRequestCreate,
  connectionRequestDetail,
  connectionRequestIdParams,
  connectionRequestMessage,
  connectionRequestTransition,
  staffConnectionQueueQuery,
  staffConnectionRequest,
} from '@portal/schema/connection-requests';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { sendTicketFile } from '../support/attachment-download.ts';
import { acceptAttachments, readAttachments, uploadsOf } from '../support/attachment-upload.ts';
import { connectionRequestRepository } from './connection-request-repository.ts';
import {
  addConnectionInformation,
  connectionPlaces,
  connectionQueue,
  createConnectionRequest,
  moveConnectionRequest,
  myConnectionRequest,
  myConnectionRequests,
  staffAudit,
  staffConnectionRequest as findStaffRequest,
  withdrawConnectionRequest,
  type Handler,
  type Requester,
} from './connection-requests.ts';

const tags = ['connection-requests'];

/** Files travel as support's do (decision 055). */
const WITH_FILES =
  'JSON, or multipart/form-data with the same JSON in a part named "request" and up to 5 files (PNG, JPEG, WebP or PDF, ' +
  '5 MB each, judged by content) in parts named "files"; 413 when over the limits.';

const callOf = (request: FastifyRequest) => ({
  action: `${request.method} ${request.routeOptions.url}`,
  requestId: request.id,
  ipAddress: request.ip,
});

const requesterOf = (request: FastifyRequest): Requester => ({
  scope: customerScopeOf(request),
  site: request.site,
  personId: actorOf(request).person.id,
  localeId: personLocale(request),
  call: callOf(request),
});

const handlerOf = (request: FastifyRequest): Handler => ({
  site: request.site,
  personId: actorOf(request).person.id,
  staffRoles: actorOf(request).staffRoles,
  origin: `${request.protocol}://${request.host}`,
  call: callOf(request),
});

const notFound = () => new AppError('CONNECTION_REQUEST_NOT_FOUND', 'You have no connection request by that id');

/**
 * Connections and solar (issue 29, docs/decisions/124), behind CONNECTION_REQUESTS: the acting customer's requests to
 * the network operator — a main fuse change, a new connection, a microgeneration installation — their history and
 * files, adding information and withdrawing one that is not decided.
 */
export const connectionRequestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await acceptAttachments(app);

  app.get(
    '/api/connection-requests/places',
    {
      schema: {
        tags,
        summary: "The acting customer's electricity metering points a fuse change or an installation can be about",
        response: { 200: z.array(connectionPlace), ...guardedErrors },
      },
    },
    async (request) => connectionPlaces(db, customerScopeOf(request)),
  );

  app.get(
    '/api/connection-requests',
    {
      schema: {
        tags,
        summary: "The acting customer's connection requests, newest first, each with its history",
        response: { 200: z.array(connectionRequestDetail), ...guardedErrors },
      },
    },
    async (request) => myConnectionRequests(db, customerScopeOf(request)),
  );

  app.post(
    '/api/connection-requests',
    {
      schema: {
        tags,
        summary: 'Sends a main fuse change, a new connection or a microgeneration notification; it starts as received',
        description: `${WITH_FILES} 422 CONNECTION_DATE_OUT_OF_RANGE, CONNECTION_POINT_NOT_ELECTRICITY; 404 METERING_POINT_NOT_FOUND.`,
        body: connectionRequestCreate,
        response: { 201: connectionRequestDetail, ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request, reply) =>
      reply.status(201).send(await createConnectionRequest(db, requesterOf(request), request.body, uploadsOf(request))),
  );

  app.get(
    '/api/connection-requests/:id',
    {
      schema: {
        tags,
        summary: "One of the acting customer's connection requests with its history",
        params: connectionRequestIdParams,
        response: { 200: connectionRequestDetail, ...guardedErrors },
      },
    },
    async (request) => {
      const found = await myConnectionRequest(db, customerScopeOf(request), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.post(
    '/api/connection-requests/:id/messages',
    {
      schema: {
        tags,
        summary: 'Adds information to a request not yet decided; one waiting for the customer goes back to review',
        description: `${WITH_FILES} 422 CONNECTION_REQUEST_DECIDED once approved, rejected, done or withdrawn.`,
        params: connectionRequestIdParams,
        body: connectionRequestMessage,
        response: { 200: connectionRequestDetail, ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request) => addConnectionInformation(db, requesterOf(request), request.params.id, request.body.message, uploadsOf(request)),
  );

  app.post(
    '/api/connection-requests/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraws a request that is not yet decided',
        description: '422 CONNECTION_REQUEST_DECIDED once approved, rejected, done or withdrawn.',
        params: connectionRequestIdParams,
        response: { 200: connectionRequestDetail, ...guardedErrors, ...refusedError },
      },
    },
    async (request) => withdrawConnectionRequest(db, requesterOf(request), request.params.id),
  );

  app.get(
    '/api/connection-requests/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: "Downloads a file of one of the acting customer's requests (always as a download, never run)",
        params: connectionAttachmentParams,
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await connectionRequestRepository.customerAttachment(db, customerScopeOf(request), id, attachmentId);
      if (!file) throw new AppError('ATTACHMENT_NOT_FOUND', 'Your request has no file by that id');
      return sendTicketFile(reply, file);
    },
  );
};

/**
 * Customer service's side (decision 124), in the staff area behind CONNECTION_REQUESTS: the site's queue, one request,
 * moving it through its states with a message to the customer, and its files. Only requests of the caller's site.
 */
export const connectionRequestStaffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await acceptAttachments(app);

  app.get(
    '/api/staff/connection-requests',
    {
      schema: {
        tags: ['staff'],
        summary: "This site's open (received, in review, waiting for the customer, approved) or closed requests, oldest first",
        querystring: staffConnectionQueueQuery,
        response: { 200: z.array(staffConnectionRequest), ...guardedErrors },
      },
    },
    async (request) => connectionQueue(db, actorOf(request).siteId, request.query.status),
  );

  app.get(
    '/api/staff/connection-requests/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'One connection request of this site with its history',
        params: connectionRequestIdParams,
        response: { 200: staffConnectionRequest, ...guardedErrors },
      },
    },
    async (request) => findStaffRequest(db, handlerOf(request), request.params.id),
  );

  app.post(
    '/api/staff/connection-requests/:id/transitions',
    {
      schema: {
        tags: ['staff'],
        summary: 'Moves the request (review, ask_information, approve, reject, complete) with a message to the customer',
        description: `${WITH_FILES} 422 CONNECTION_TRANSITION_NOT_ALLOWED when the request's status does not allow the move.`,
        params: connectionRequestIdParams,
        body: connectionRequestTransition,
        response: { 200: staffConnectionRequest, ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request) => moveConnectionRequest(db, handlerOf(request), request.params.id, request.body, uploadsOf(request)),
  );

  app.get(
    '/api/staff/connection-requests/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Downloads a file of a connection request of this site (always as a download, never run)',
        params: connectionAttachmentParams,
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await connectionRequestRepository.siteAttachment(db, actorOf(request).siteId, id, attachmentId);
      if (!file) throw new AppError('ATTACHMENT_NOT_FOUND', 'This site has no request file by that id');
      await staffAudit(db, handlerOf(request), file.customerId);
      return sendTicketFile(reply, file);
    },
  );
};
