import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inboundMeterReadingAnswer, inboundMeterReadingBatch } from '@portal/schema/inbound-meter-readings';
import { apiErrorBody } from '@portal/schema/errors';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { INPUT_LIMITS, overLimit } from '../../platform/input-limits.ts';
import { receiveMeasuredReadings } from './receive-measured-readings.ts';

/**
 * The utility's reading system sends the register readings it measured (docs/decisions/131), in the system area
 * (`systemArea`: its bearer token, on its own site only).
 */
export const inboundMeterReadingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/reading-system/meter-readings',
    {
      schema: {
        tags: ['meter-readings'],
        summary: "Measured register readings from the site's reading system, idempotent by the system's reading id",
        description:
          `At most ${INPUT_LIMITS.inboundReadingRows.limit} rows (413 BATCH_TOO_LARGE). One transaction: each row is ` +
          'stored, already stored (the same reading id sent before: nothing changes), differs from the stored one, or ' +
          "names a metering point the site does not have; a malformed row or a day after the site's today is 400, " +
          'naming the row, and nothing is stored. A customer reading of the same month is superseded (decision 112).',
        body: inboundMeterReadingBatch,
        response: { 200: inboundMeterReadingAnswer, 400: apiErrorBody, 401: apiErrorBody, 413: apiErrorBody },
      },
      // Counted before the rows are validated: a batch too large is 413, not 500 rows of 400.
      preValidation: async (request) => {
        const readings = (request.body as { readings?: unknown } | null)?.readings;
        if (Array.isArray(readings) && readings.length > INPUT_LIMITS.inboundReadingRows.limit) {
          throw overLimit('inboundReadingRows', `The batch holds ${readings.length} rows`);
        }
      },
    },
    async (request) => {
      const client = request.systemClient;
      if (!client) throw new AppError('SYSTEM_TOKEN_REFUSED', 'This call needs the bearer token of this site’s reading-system');
      const answer = await receiveMeasuredReadings(db, client, request.body, request.site.timezone);
      request.log.info(
        { systemClient: client.name, stored: answer.stored, alreadyStored: answer.alreadyStored, notStored: answer.notStored },
        'measured register readings received',
      );
      return answer;
    },
  );
};
