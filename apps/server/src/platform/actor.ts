import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActingAs, StaffRole } from '@portal/schema/identity';
import type { ActorRepository, CustomerAccessRow, SessionPerson } from './actor-repository.ts';
import { forbidden, HttpError } from './errors.ts';

export const SESSION_COOKIE = 'authjs.session-token';
export const REPRESENTATIVE_COOKIE = 'representative-code';
export const CS_REPRESENTATIVE_COOKIE = 'cs-representative-code';

/** Rule 1: who a request acts as. Every repository scopes its queries by `siteId` and `customer.id`. */
export type Actor = {
  siteId: string;
  person: SessionPerson;
  staffRoles: StaffRole[];
  customer: CustomerAccessRow['customer'] | null;
  actingAs: ActingAs;
  /** userOrRepresentativeCode of spec §3: the access code, or the client code staff act for. */
  code: string | null;
  accesses: CustomerAccessRow[];
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export const secureCookie = { path: '/', secure: true, httpOnly: true, sameSite: 'lax' as const };

/**
 * Resolves the actor of every API request that carries a session cookie. An acting-as cookie that no longer
 * matches the person's rights is dropped, written to the audit log, and the person acts for themself.
 */
export const actorResolution = fp<{ actors: ActorRepository; now?: () => Date }>(
  async (app: FastifyInstance, { actors, now = () => new Date() }) => {
    app.decorateRequest('actor', null);

    app.addHook('preHandler', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || !request.url.startsWith('/api/')) return;
      const at = now();
      const person = await actors.personBySession(token, request.site.id, at);
      if (!person) return;
      const [accesses, staffRoles] = await Promise.all([
        actors.accessesOf(person.id, request.site.id, at),
        actors.staffRolesOf(person.id, request.site.id),
      ]);
      request.actor = await chooseActingCustomer(request, reply, actors, { siteId: request.site.id, person, staffRoles, accesses });
    });

    // Staff see other people's data: every call they make while acting for a customer, and every
    // site-admin call, leaves an audit line with its outcome, written before the answer leaves.
    app.addHook('onSend', async (request, reply) => {
      const actor = request.actor;
      const adminCall = request.routeOptions.url?.startsWith('/api/admin/') ?? false;
      if (!actor || (actor.actingAs !== 'staff' && !adminCall)) return;
      await actors.audit({
        siteId: actor.siteId,
        personId: actor.person.id,
        customerId: actor.customer?.id ?? null,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        outcome: String(reply.statusCode),
        requestId: request.id,
        ipAddress: request.ip,
      });
    });
  },
  { name: 'actor-resolution', dependencies: ['site-resolution'] },
);

async function chooseActingCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  actors: ActorRepository,
  base: Pick<Actor, 'siteId' | 'person' | 'staffRoles' | 'accesses'>,
): Promise<Actor> {
  const refuse = async (cookie: string, details: string) => {
    reply.clearCookie(cookie, secureCookie);
    await actors.audit({
      siteId: base.siteId,
      personId: base.person.id,
      customerId: null,
      action: `act-as ${cookie}`,
      outcome: 'refused',
      requestId: request.id,
      ipAddress: request.ip,
      details,
    });
  };

  const staffCode = request.cookies[CS_REPRESENTATIVE_COOKIE];
  if (staffCode) {
    const customer = base.staffRoles.includes('customer-service') ? await actors.customerByClientCode(staffCode, base.siteId) : null;
    if (customer) return { ...base, customer, actingAs: 'staff', code: customer.clientCode };
    await refuse(CS_REPRESENTATIVE_COOKIE, `no customer-service right for client code ${staffCode.slice(0, 50)}`);
  }

  const representativeCode = request.cookies[REPRESENTATIVE_COOKIE];
  const chosen = representativeCode ? base.accesses.find((access) => access.code === representativeCode) : undefined;
  if (representativeCode && !chosen) await refuse(REPRESENTATIVE_COOKIE, 'representative code is not this person’s');
  const access = chosen ?? base.accesses.find((candidate) => candidate.relation === 'self') ?? base.accesses[0];
  if (!access) return { ...base, customer: null, actingAs: 'self', code: null };
  return { ...base, customer: access.customer, actingAs: access.relation, code: access.code };
}

/** Guards for route `preHandler`: anonymous gets 401, a signed-in person without the right gets 403. */
export async function requirePerson(request: FastifyRequest) {
  if (!request.actor) throw new HttpError(401, 'UnauthorizedError', 'Sign in to continue', 'SESSION_REQUIRED');
}

export async function requireCustomer(request: FastifyRequest) {
  await requirePerson(request);
  if (!request.actor!.customer) throw forbidden('You are not a customer of this company yet', 'NO_CUSTOMER');
}

export function requireStaff(role: StaffRole) {
  return async (request: FastifyRequest) => {
    await requirePerson(request);
    if (!request.actor!.staffRoles.includes(role)) throw forbidden(`This needs the ${role} role on this site`, 'STAFF_ONLY');
  };
}

/** The actor of a guarded route: the guard already proved it exists. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new HttpError(401, 'UnauthorizedError', 'Sign in to continue', 'SESSION_REQUIRED');
  return request.actor;
}

/** The acting customer of a route guarded by requireCustomer. */
export function customerOf(request: FastifyRequest) {
  const customer = actorOf(request).customer;
  if (!customer) throw forbidden('You are not a customer of this company yet', 'NO_CUSTOMER');
  return customer;
}
