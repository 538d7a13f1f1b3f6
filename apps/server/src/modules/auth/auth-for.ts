import { Auth } from '@auth/core';
import type { FastifyRequest } from 'fastify';
import type { MailSender } from '../../integrations/mail/port.ts';
import type { Database } from '../../platform/database.ts';
import { authConfigFor } from './auth-config.ts';
import { authLogger } from './auth-logger.ts';
import { authProvidersFor } from './auth-providers.ts';
import { identityProviderRepository } from './site-identity-providers.ts';

export type AuthDependencies = { db: Database; secret: string; mail: MailSender };

/** Auth.js answering a Web Request for the request's site and person: its providers, sessions and pages. */
export type RunAuth = (request: FastifyRequest, webRequest: Request) => Promise<Response>;

export function authFor({ db, secret, mail }: AuthDependencies): RunAuth {
  return async (request, webRequest) => {
    const providers = authProvidersFor(request.site, await identityProviderRepository.forSite(db, request.site.id), mail);
    const config = authConfigFor({
      db,
      site: request.site,
      secret,
      providers,
      actor: request.actor,
      logger: authLogger(request.log),
      userAgent: request.headers['user-agent'] ?? null,
    });
    return Auth(webRequest, config);
  };
}
