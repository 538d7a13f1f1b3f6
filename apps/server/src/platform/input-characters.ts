import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { INPUT_LIMITS, overLimit } from './input-limits.ts';

const MAX_DEPTH = INPUT_LIMITS.jsonDepth.limit;

/**
 * Text no client can mean and PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair
 * (what invalid UTF-8 and lone `\ud800` escapes decode to). Refused at the edge with one clear 400, so no
 * query ever sees it (the audit found 20 of 2,006 fuzzed inputs answered 500 from the database). Every value is
 * looked at: a body nested deeper than the walk goes is refused whole (422 BODY_TOO_DEEP), as PostgreSQL's jsonb
 * would refuse it with a 500 (issue 25: 10,000 levels in a client log's payload).
 */
function hasForbiddenText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
  // A binary body (an uploaded document) is not text; its own parser judges it.
  if (Buffer.isBuffer(value)) return false;
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) throw overLimit('jsonDepth', 'The request is nested too deeply');
  if (Array.isArray(value)) return value.some((item) => hasForbiddenText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasForbiddenText(key, depth + 1) || hasForbiddenText(item, depth + 1));
}

function refuse(part: string): never {
  throw new AppError('INVALID_CHARACTERS', `The ${part} contains a NUL character or text that is not valid UTF-8`);
}

/** The body's check, for a body a route makes itself (the JSON part of a multipart request). */
export function checkBodyText(body: unknown) {
  if (hasForbiddenText(body)) refuse('body');
}

export const inputCharacters = fp(
  async (app: FastifyInstance) => {
    // Before the site, the session and any guard read them: the path, the query and the cookies. Hooks on every
    // request are synchronous where they can be: an async hook costs a promise and a turn of the queue (decision 084).
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      if (hasForbiddenText(request.params)) refuse('path');
      if (hasForbiddenText(request.query)) refuse('query');
      if (hasForbiddenText(request.cookies)) refuse('cookie header');
      done();
    });
    app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
      checkBodyText(request.body);
      done();
    });
  },
  { name: 'input-characters', dependencies: ['@fastify/cookie'] },
);
