import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeSessions, sessionParams, signedOutSessions } from '@portal/schema/sessions';
import { actorOf, SESSION_COOKIE } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { sessionRepository } from './session-repository.ts';
import { parseUserAgent } from './user-agent.ts';

/**
 * Active sessions (docs/decisions/077): the signed-in person's own browsers on every site of the portal, and signing
 * one or all others out. Deleting a session row fires the actor-cache trigger (migration 0009), so every server copy
 * forgets the person's cached actors, and a write answers only once this copy has heard it (platform/actor.ts): the
 * ended session's next request, on any copy, is 401.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const audit = (request: Parameters<typeof actorOf>[0], action: string, outcome: string) => {
    const actor = actorOf(request);
    return actorRepository.audit(db, {
      siteId: actor.siteId,
      personId: actor.person.id,
      customerId: null,
      action,
      outcome,
      requestId: request.id,
      ipAddress: request.ip,
    });
  };

  app.get(
    '/api/me/sessions',
    {
      schema: {
        tags: ['me'],
        summary: "The signed-in person's sessions on every site: device and browser, site, started, last used; this one marked",
        response: { 200: activeSessions, ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const current = request.cookies[SESSION_COOKIE];
      const rows = await sessionRepository.listOf(db, actor.person.id, new Date());
      return rows
        .map((row) => ({
          id: row.id,
          ...parseUserAgent(row.userAgent),
          siteId: row.siteId,
          siteName: row.siteName,
          startedAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expires.toISOString(),
          current: row.sessionToken === current && row.siteId === actor.siteId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      schema: {
        tags: ['me'],
        summary: 'Signs one of the caller’s sessions out, at once on every server copy',
        params: sessionParams,
        response: { 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const ended = await sessionRepository.deleteOne(db, actorOf(request).person.id, request.params.id);
      await audit(request, 'sign out session', ended ? 'ok' : 'not found');
      if (!ended) throw new AppError('SESSION_NOT_FOUND', 'You have no session by that id');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/sign-out-others',
    {
      schema: {
        tags: ['me'],
        summary: 'Signs out every other session of the caller, on every site, keeping this one',
        response: { 200: signedOutSessions, ...guardedErrors },
      },
    },
    async (request) => {
      const token = request.cookies[SESSION_COOKIE]!;
      const signedOut = await sessionRepository.deleteAllBut(db, actorOf(request).person.id, token);
      await audit(request, 'sign out other sessions', `${signedOut} signed out`);
      return { signedOut };
    },
  );
};
