import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody, type ApiErrorBody } from '@portal/schema/errors';
import type { Database } from '../platform/database.ts';
import type { ParsingPool } from '../platform/parsing-pool.ts';
import { AppError } from '../platform/errors.ts';
import { INPUT_LIMITS } from '../platform/input-limits.ts';
import { IMPORT_KINDS, importFile } from './import-file.ts';

export const IMPORT_PATH = '/internal/import';
export const IMPORT_TOKEN_HEADER = 'x-portal-import-token';
/** Readings of a few thousand meters for a month; the command reads the whole file into memory as well. */
export const IMPORT_BODY_LIMIT = INPUT_LIMITS.importBytes.limit;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Same machine: a loopback peer, or a peer that is this socket's own address (a server listening on one interface). */
function isLocalPeer(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.raw.socket;
  if (!remoteAddress) return false;
  const address = remoteAddress.replace(/^::ffff:/, '');
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.')) || remoteAddress === localAddress;
}

/**
 * `npm run import` against a PGlite folder this server holds sends its file here (docs/decisions/014), and the
 * server imports it in-process: the one process that may write the folder. Only a caller on this machine that
 * read the token from the lock file gets in; a request a proxy forwarded is refused, even from loopback. Left
 * out of the API reference: it is an operator's channel, not part of the API.
 */
export const importRoute: FastifyPluginAsyncZod<{ db: Database; token: string; parsing: ParsingPool }> = async (
  app,
  { db, token, parsing },
) => {
  const expected = sha256(token);
  app.post(
    `${IMPORT_PATH}/:kind`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        hide: true,
        params: z.object({ kind: z.enum(IMPORT_KINDS) }),
        querystring: z.object({ site: z.string().min(1).max(64).optional() }),
        body: z.string(),
        response: {
          200: z.object({ rows: z.number(), inserted: z.number(), updated: z.number(), unchanged: z.number() }),
          400: apiErrorBody,
          403: apiErrorBody,
          413: apiErrorBody,
          422: apiErrorBody,
          503: apiErrorBody,
        },
      },
      // Before the body is read or validated: strangers learn nothing of this call.
      onRequest: async (request) => {
        const forwarded = Object.keys(request.headers).some((name) => name.startsWith('x-forwarded-') || name === 'forwarded');
        if (forwarded || !isLocalPeer(request)) throw new AppError('IMPORT_NOT_LOCAL', 'Imports are only taken from this machine');
        const given = request.headers[IMPORT_TOKEN_HEADER];
        if (typeof given !== 'string' || !timingSafeEqual(sha256(given), expected)) {
          throw new AppError('IMPORT_TOKEN_REFUSED', 'The import token is not this server’s');
        }
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const outcome = await importFile(db, kind, request.body, { siteId: request.query.site, parsing });
      request.log.info({ kind, ok: outcome.ok }, 'import through the server');
      if (outcome.ok) {
        const { rows, inserted, updated, unchanged } = outcome;
        return reply.send({ rows, inserted, updated, unchanged });
      }
      return reply.status(400).send({
        name: 'ValidationError',
        message: `Nothing imported: ${outcome.problems.length} problem(s)`,
        code: 'IMPORT_REJECTED',
        statusCode: 400,
        requestId: request.id,
        issues: outcome.problems.map(({ where, message }) => ({ path: where, message })),
      } satisfies ApiErrorBody);
    },
  );
};
