import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { clientLogRequest } from '@portal/schema/client-logs';
import { CS_REPRESENTATIVE_COOKIE, REPRESENTATIVE_COOKIE, secureCookie } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import { AppError } from '../../platform/errors.ts';
import { clientLogRepository } from '../client-logs/client-log-repository.ts';
import { authFailureOf } from './auth-failure.ts';
import { authFor, type AuthDependencies } from './auth-for.ts';
import { sendWebResponse, toWebRequest } from './web-request.ts';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';

/** Sign-in and callback reach the e-ID service (and send sign-in mail): limited per person and address (decision 101). */
const signInLimit = { outsideService: 'e-id' as const };

/** Auth.js core at /api/auth: session, csrf, providers, signin, callback, signout, and the client's _log. */
export const authRoutes: FastifyPluginAsync<AuthDependencies> = async (app, { db, secret, mail }) => {
  // Auth.js reads form posts itself, so the body reaches it as the string the browser sent.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: INPUT_LIMITS.signInFormBytes.limit },
    (_request, body, done) => done(null, body),
  );

  const auth = authFor({ db, secret, mail });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const webRequest = toWebRequest(request);
    const response = await auth(request, webRequest);
    const failure = await authFailureOf(response, webRequest.url);
    if (failure) {
      await actorRepository.audit(db, {
        siteId: request.site.id,
        personId: request.actor?.person.id ?? null,
        customerId: null,
        action: `${request.method} ${request.url.split('?')[0]}`,
        outcome: 'refused',
        requestId: request.id,
        ipAddress: request.ip,
        details: failure,
      });
      if (request.headers['x-auth-return-redirect']) {
        throw new AppError('SIGN_IN_REFUSED', `Sign-in was refused: ${failure}`);
      }
    }
    // A new sign-in or a sign-out ends any acting for someone else.
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/auth/signout') || (path.startsWith('/api/auth/callback/') && response.status < 400)) {
      reply.clearCookie(REPRESENTATIVE_COOKIE, secureCookie).clearCookie(CS_REPRESENTATIVE_COOKIE, secureCookie);
    }
    return sendWebResponse(reply, response);
  }

  // Auth.js answers GET and POST on the same paths; each method is its own operation in the API reference.
  const authPaths = [
    { url: '/api/auth/signin/*', config: signInLimit, summary: 'Starts sign-in with a provider' },
    { url: '/api/auth/callback/*', config: signInLimit, summary: 'Where the identity provider returns the person' },
    { url: '/api/auth/*', config: {}, summary: 'Auth.js: session, csrf, providers, signin, signout' },
  ];
  for (const { url, config, summary } of authPaths) {
    for (const method of ['GET', 'POST'] as const) {
      app.route({ method, url, config, schema: { tags: ['auth'], summary: `${summary} (${method})` }, handler: handle });
    }
  }

  app.post(
    '/api/auth/_log',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      bodyLimit: INPUT_LIMITS.clientLogBytes.limit,
      schema: { tags: ['auth'], summary: "The auth client's log lines, kept with the client log", body: clientLogRequest },
    },
    async (request, reply) => {
      await clientLogRepository.insert(db, request.body as never, {
        siteId: request.site.id,
        clientId: null,
        requestId: request.id,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      return reply.status(204).send();
    },
  );
};
