import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * docs/decisions/016: the site, and every URL the portal builds, come from the Host header, which a proxy passes
 * through (nginx: `proxy_set_header Host $host`). X-Forwarded-Host is dropped before anything reads
 * `request.host`: a proxy that does not set it hands on whatever the client wrote, and Fastify believes it from
 * any trusted proxy, so one header would switch the site.
 */
export function dropForwardedHost(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  delete request.raw.headers['x-forwarded-host'];
  done();
}
