import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { SiteFeature } from '@portal/schema/features';
import type { StaffRole } from '@portal/schema/identity';
import type { SystemClientKind } from '@portal/schema/inbound-meter-readings';
import { requireCustomer, requirePerson, requireStaff } from './actor.ts';
import type { Database } from './database.ts';
import { AppError } from './errors.ts';
import { requireSystemClient } from './system-clients.ts';

type RegisterRoutes = (area: FastifyInstance) => Promise<void>;

/**
 * Guards belong to an area, not a route (fastify/demo's autohooks): the routes registered inside one of these
 * live in their own encapsulated context whose `onRequest` guards run before the body is parsed or validated.
 * A route placed in an area cannot forget its guard.
 */
function guardedArea(guards: onRequestHookHandler[], register: RegisterRoutes, security: 'session' | 'systemToken' = 'session') {
  return async (area: FastifyInstance) => {
    for (const guard of guards) area.addHook('onRequest', guard);
    // The API reference says which calls need the session cookie (or a system's token): exactly the guarded ones.
    area.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ [security]: [] }] };
    });
    await register(area);
  };
}

/** Anyone signed in on this site: a customer, a representative, staff or an administrator. */
export const personArea = (register: RegisterRoutes) => guardedArea([requirePerson], register);

/** Calls about a customer's own data: the person's customer, the company they represent, or whom staff act for. */
export const customerArea = (register: RegisterRoutes) => guardedArea([requireCustomer], register);

/** Staff of this site with the given role. */
export const staffArea = (role: StaffRole, register: RegisterRoutes) => guardedArea([requireStaff(role)], register);

/** A site administrator, and only of the site named in the path (`:siteId`) when there is one. */
export const adminArea = (register: RegisterRoutes) => guardedArea([requireStaff('site-admin'), requireOwnSite], register);

async function requireOwnSite(request: FastifyRequest) {
  const { siteId } = (request.params ?? {}) as { siteId?: string };
  if (siteId !== undefined && siteId !== request.actor?.siteId) throw new AppError('OTHER_SITE', 'You administer another site');
}

/**
 * Calls a machine of the utility makes with its bearer token, on its own site only (docs/decisions/131): no session,
 * no person, no customer; the token's client says which site and which kind of call.
 */
export const systemArea = (db: Database, kind: SystemClientKind, register: RegisterRoutes) =>
  guardedArea(
    [requireSystemClient(db, kind)],
    async (area) => {
      area.decorateRequest('systemClient', null);
      await register(area);
    },
    'systemToken',
  );

/** A part of the portal the site may switch off (spec §6): off means the calls do not exist there. */
export function featureArea(feature: SiteFeature, register: RegisterRoutes) {
  return anyFeatureArea([feature], register);
}

/** Calls shared by several features (a page of several parts): they exist where the site offers any of them. */
export function anyFeatureArea(features: readonly SiteFeature[], register: RegisterRoutes) {
  return guardedArea(
    [
      async (request) => {
        if (!features.some((feature) => request.site.features.includes(feature))) {
          throw new AppError('FEATURE_DISABLED', `${features.join(' or ')} is not offered on this site`);
        }
      },
    ],
    register,
  );
}
