import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActingAs, StaffRole } from '@portal/schema/identity';
import type { ActorCache } from './actor-cache.ts';
import type { CustomerAnswers } from './customer-answers.ts';
import { actorRepository, type CustomerAccessRow, type SessionPerson } from './actor-repository.ts';
import type { Database } from './database.ts';
import { dataAreasOf } from './data-areas.ts';
import { AppError } from './errors.ts';
import type { SessionActivity } from './session-activity.ts';

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
  interface FastifyInstance {
    /** Actors of sessions, kept a few seconds by this server copy (docs/decisions/080). */
    actorCache: ActorCache;
    /** Answers of a customer's repeated read calls, kept by this server copy (docs/decisions/082). */
    customerAnswers: CustomerAnswers;
  }
  interface FastifyContextConfig {
    /**
     * The route changes something a stolen, long-lived session must not (profile, acting for someone,
     * money, signatures): it needs an e-ID verification within REVERIFICATION_PERIOD_SECONDS.
     */
    freshVerification?: boolean;
    /** A page of the web app: its actor is resolved as an API call's is, for the session it writes into the page. */
    signedInPage?: boolean;
    /**
     * An admin-area read worth an audit line (docs/decisions/107): it shows or takes out people's data. Other admin
     * reads (the pages' settings, texts, forms) leave none.
     */
    auditRead?: boolean;
  }
}

export const secureCookie = { path: '/', secure: true, httpOnly: true, sameSite: 'lax' as const };

/**
 * Resolves the actor of every API request and page that carries a session cookie. An acting-as cookie that no longer
 * matches the person's rights is dropped, written to the audit log, and the person acts for themself.
 */
export const actorResolution = fp<{
  db: Database;
  actorCache: ActorCache;
  customerAnswers: CustomerAnswers;
  sessionActivity: SessionActivity;
  reverificationPeriodSeconds: number;
  now?: () => Date;
}>(
  async (
    app: FastifyInstance,
    { db, actorCache, customerAnswers, sessionActivity, reverificationPeriodSeconds, now = () => new Date() },
  ) => {
    app.decorateRequest('actor', null);
    app.decorate('actorCache', actorCache);
    app.decorate('customerAnswers', customerAnswers);
    await Promise.all([actorCache.start(), customerAnswers.start()]);
    app.addHook('onClose', () => Promise.all([actorCache.stop(), customerAnswers.stop()]));

    // Who is asking is known before the body is read or validated, so an area's guard refuses a stranger
    // before the stranger learns anything of the input schema.
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || !(request.url.startsWith('/api/') || request.routeOptions.config.signedInPage)) return;
      const siteId = request.site.id;
      const found = await actorCache.resolve(siteId, token, () => actorRepository.sessionActor(db, token, siteId, now()));
      if (!found) return;
      await sessionActivity.touch(token, siteId, found.lastUsedAt);
      const { person, staffRoles, accesses } = found;
      request.actor = await chooseActingCustomer(request, reply, db, { siteId, person, staffRoles, accesses });
    });

    // After the area guards (onRequest) and before validation: a sensitive call with a stale verification
    // gets a code the web turns into the re-verification prompt (spec §4).
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.routeOptions.config.freshVerification && request.actor) {
        if (needsReverification(request.actor.person.verifiedAt, reverificationPeriodSeconds, now())) {
          throw new AppError('REVERIFICATION_REQUIRED', 'Confirm it is you with your e-ID again to continue');
        }
      }
      done();
    });

    // One hook for what every answer about a signed-in person needs, synchronous unless it must wait (decision 084).
    app.addHook('onSend', (request, reply, payload, done) => {
      const actor = request.actor;
      // Answers about a signed-in person are theirs alone: no browser or proxy may keep a copy.
      if (actor && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      // A write may have signed out, changed rights or ended acting, or changed the customer's data: its answer
      // waits until this copy has heard every change it committed, so the browser's next request never meets the
      // actor or a kept answer from before.
      const write = request.method !== 'GET' && request.method !== 'HEAD';
      const catchUp = write && Boolean(request.cookies[SESSION_COOKIE]) && request.url.startsWith('/api/');
      // Staff see other people's data: every call they make while acting for a customer leaves an audit line with its
      // outcome, written before the answer leaves. In the admin area (decision 107) a call refused or failed leaves
      // its line; a change that went through is recorded by its own line, with what it replaced
      // (platform/admin-audit.ts); a read, only when it shows or takes out people's data (`auditRead`).
      // A page itself is no call: what it shows comes from the audited calls it makes.
      const adminCall = request.routeOptions.url?.startsWith('/api/admin/') ?? false;
      const adminAudited = adminCall && (reply.statusCode >= 400 || (request.method === 'GET' && !!request.routeOptions.config.auditRead));
      const audited = actor != null && !request.routeOptions.config.signedInPage && (actor.actingAs === 'staff' || adminAudited);
      if (!catchUp && !audited) return done(null, payload);
      const wait = async () => {
        if (catchUp) await Promise.all([actorCache.caughtUp(), customerAnswers.caughtUp()]);
        if (!audited) return;
        const route = request.routeOptions.url ?? request.url.split('?')[0]!;
        const acting = actor.actingAs === 'staff';
        // Only what staff did while acting is the customer's to read, a line per area the call touched; an admin's own
        // customership is not touched.
        const areas = acting ? dataAreasOf(route) : [];
        for (const dataArea of areas.length > 0 ? areas : [null])
          await actorRepository.audit(db, {
            siteId: actor.siteId,
            personId: actor.person.id,
            customerId: actor.customer?.id ?? null,
            action: `${request.method} ${route}`,
            outcome: String(reply.statusCode),
            requestId: request.id,
            ipAddress: request.ip,
            actorRole: acting ? 'customer-service' : 'site-admin',
            dataArea,
          });
      };
      wait().then(() => done(null, payload), done);
    });
  },
  { name: 'actor-resolution', dependencies: ['site-resolution'] },
);

async function chooseActingCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  base: Pick<Actor, 'siteId' | 'person' | 'staffRoles' | 'accesses'>,
): Promise<Actor> {
  const refuse = async (cookie: string, details: string) => {
    reply.clearCookie(cookie, secureCookie);
    await actorRepository.audit(db, {
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
    const customer = base.staffRoles.includes('customer-service')
      ? await actorRepository.customerByClientCode(db, staffCode, base.siteId)
      : null;
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

/** Spec §4 and §9: verification is due once more than the period has passed since the last e-ID sign-in. */
export function needsReverification(verifiedAt: Date | null, periodSeconds: number, at: Date): boolean {
  return !verifiedAt || (at.getTime() - verifiedAt.getTime()) / 1000 > periodSeconds;
}

/** Area guards (`onRequest`): anonymous gets 401, a signed-in person without the right gets 403. */
export async function requirePerson(request: FastifyRequest) {
  if (!request.actor) throw new AppError('SESSION_REQUIRED', 'Sign in to continue');
}

export async function requireCustomer(request: FastifyRequest) {
  await requirePerson(request);
  if (!request.actor?.customer) throw new AppError('NO_CUSTOMER', 'You are not a customer of this company yet');
}

export function requireStaff(role: StaffRole) {
  return async (request: FastifyRequest) => {
    await requirePerson(request);
    if (!request.actor?.staffRoles.includes(role)) throw new AppError('STAFF_ONLY', `This needs the ${role} role on this site`);
  };
}

/** The actor of a guarded route: the guard already proved it exists. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('SESSION_REQUIRED', 'Sign in to continue');
  return request.actor;
}

/** The acting customer of a route guarded by requireCustomer. */
export function customerOf(request: FastifyRequest) {
  const customer = actorOf(request).customer;
  if (!customer) throw new AppError('NO_CUSTOMER', 'You are not a customer of this company yet');
  return customer;
}

/** What every query of a customer's data is scoped by (rule 1): the acting customer, on this site. */
export type CustomerScope = { siteId: string; customerId: string };

/** The scope of a customer-area route, taken from the actor, never from the URL. */
export function customerScopeOf(request: FastifyRequest): CustomerScope {
  return { siteId: actorOf(request).siteId, customerId: customerOf(request).id };
}
