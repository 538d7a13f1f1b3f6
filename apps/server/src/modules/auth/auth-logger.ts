import type { AuthConfig } from '@auth/core';
import type { FastifyBaseLogger } from 'fastify';

export type Logger = NonNullable<AuthConfig['logger']>;

/** Auth.js's own log lines go to the request's structured log. */
export function authLogger(log: FastifyBaseLogger): Logger {
  return {
    error: (error) => log.warn({ err: error }, 'auth error'),
    warn: (code) => log.warn({ code }, 'auth warning'),
    debug: (message, metadata) => log.debug({ metadata }, message),
  };
}
