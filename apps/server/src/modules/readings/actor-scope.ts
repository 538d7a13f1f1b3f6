import type { FastifyRequest } from 'fastify';
import { actorOf, customerOf } from '../../platform/actor.ts';
import type { Scope } from './energy-queries.ts';

/** Rule 1: the site and customer a guarded energy route may read, taken from the actor, never from the URL. */
export function scopeOf(request: FastifyRequest): Scope {
  return { siteId: actorOf(request).siteId, customerId: customerOf(request).id };
}
