import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meterPhotoParams, meterReading, meterReadingList, meterReadingQuery, meterReadingRequest } from '@portal/schema/meter-readings';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { sendTicketFile } from '../support/attachment-download.ts';
import { acceptAttachments, readAttachments, uploadsOf } from '../support/attachment-upload.ts';
import { enterMeterReading, listMeterReadings, type ReadingEnterer } from './enter-meter-reading.ts';
import { meterReadingRepository } from './meter-reading-repository.ts';

const tags = ['meter-readings'];

const entererOf = (request: FastifyRequest): ReadingEnterer => {
  const actor = actorOf(request);
  return {
    scope: customerScopeOf(request),
    timezone: request.site.timezone,
    personId: actor.person.id,
    actingAs: actor.actingAs,
    staffRoles: actor.staffRoles,
    requestId: request.id,
    ipAddress: request.ip,
  };
};

/**
 * Readings customers enter for their hand-read meters (docs/decisions/112), behind METER_READING_ENTRY: the list of a
 * metering point's register readings, entering one (with an optional photo, sent as support files travel, decision
 * 055) and the photo back as a download.
 */
export const meterReadingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await acceptAttachments(app);

  app.get(
    '/api/meter-readings',
    {
      schema: {
        tags,
        summary: "A metering point's register readings, newest first, with their source (CUSTOMER or MEASURED) and status",
        querystring: meterReadingQuery,
        response: { 200: meterReadingList, ...guardedErrors },
      },
    },
    async (request) => listMeterReadings(db, customerScopeOf(request), request.query.meteringPointId, request.site.timezone),
  );

  app.post(
    '/api/meter-readings',
    {
      schema: {
        tags,
        summary: 'Enters the register of a hand-read meter for a day, checked against the readings around it and a plausible consumption',
        description:
          'JSON, or multipart/form-data with the same JSON in a part named "request" and at most one photo of the meter ' +
          '(PNG, JPEG or WebP, 5 MB, judged by content) in a part named "files"; 413 when over the limits. readOn is ' +
          "today when left out; 422 METER_READING_DAY_OUT_OF_RANGE outside the list's entryWindow. 422 " +
          'METER_READING_BELOW_LAST (lower than the reading before, meterChanged not set), METER_READING_IMPLAUSIBLE, ' +
          'METER_READING_ABOVE_NEXT and METER_READING_TOO_LOW_FOR_NEXT (a past day, against the later reading), ' +
          'METER_READING_NOT_HAND_READ. Staff acting for the customer may send override.reason to store a value those ' +
          'four checks refused; anyone else sending it gets 403 STAFF_ONLY.',
        body: meterReadingRequest,
        response: { 201: meterReading, ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request, reply) => reply.status(201).send(await enterMeterReading(db, entererOf(request), request.body, uploadsOf(request))),
  );

  app.get(
    '/api/meter-readings/:id/photo',
    {
      schema: {
        tags,
        summary: 'Downloads the photo sent with one of the acting customer’s readings (always as a download, never run)',
        params: meterPhotoParams,
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const photo = await meterReadingRepository.photo(db, customerScopeOf(request), request.params.id);
      if (!photo) throw new AppError('METER_PHOTO_NOT_FOUND', 'None of your readings has a photo by that id');
      return sendTicketFile(reply, photo);
    },
  );
};
