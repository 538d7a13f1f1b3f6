import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorInfo, chooseRepresentativeRequest, profile, representativeList, updateProfileRequest } from '@portal/schema/identity';
import { z } from 'zod';
import { actorOf, REPRESENTATIVE_COOKIE, secureCookie, SESSION_COOKIE, type Actor } from '../../platform/actor.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import { AppError } from '../../platform/errors.ts';
import { confirmEmailRequest } from '@portal/schema/settings';
import type { Database } from '../../platform/database.ts';
import { actorInfoOf } from './actor-info.ts';
import { profileRepository } from './profile-repository.ts';
import { confirmEmail, updateProfile } from './update-profile.ts';

type Options = { db: Database; reverificationPeriodSeconds: number; authSecret: string };

/**
 * Whose profile GET/PUT /api/me show and change (docs/decisions/046-staff-see-the-customers-settings.md): the signed-in
 * person's own, except for staff acting for a private customer, who see and change that customer's (every call they
 * make while acting is in the audit log). A company has no personal profile.
 */
async function profilePersonOf(db: Database, actor: Actor): Promise<string> {
  if (actor.actingAs !== 'staff' || !actor.customer) return actor.person.id;
  const holder = await profileRepository.holderOf(db, actor.customer.id);
  if (!holder) throw new AppError('PROFILE_NOT_FOUND', 'This customer is a company: it has no personal profile');
  return holder;
}

export const meRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, reverificationPeriodSeconds, authSecret }) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['me'],
        summary: "The signed-in person's profile (staff acting for a private customer: the customer's)",
        response: { 200: profile, ...guardedErrors },
      },
    },
    async (request) => {
      const found = await profileRepository.find(db, await profilePersonOf(db, actorOf(request)), new Date());
      if (!found) throw new AppError('PROFILE_NOT_FOUND', 'Profile not found');
      return found;
    },
  );

  app.put(
    '/api/me',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['me'],
        summary: "Updates the person's phone, language, contact preference and marketing channels; mails a link to a new e-mail",
        body: updateProfileRequest,
        response: { 200: profile, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      const personId = await profilePersonOf(db, actorOf(request));
      return updateProfile(db, { personId, site: request.site, origin, now: new Date() }, request.body);
    },
  );

  app.post(
    '/api/me/email-confirmation',
    {
      schema: {
        tags: ['me'],
        summary: 'Follows the link mailed to a new e-mail address: the address replaces the current one',
        body: confirmEmailRequest,
        response: { 200: profile, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => confirmEmail(db, { personId: actorOf(request).person.id, site: request.site, now: new Date() }, request.body.token),
  );

  app.get(
    '/api/me/representatives',
    {
      schema: {
        tags: ['me'],
        summary: 'Customers the person may act for on this site',
        response: { 200: representativeList, ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return actor.accesses.map((access) => ({
        representativeCode: access.code,
        clientCode: access.customer.clientCode,
        name: access.customer.name,
        type: access.customer.type,
        relation: access.relation,
        active: actor.actingAs !== 'staff' && actor.code === access.code,
      }));
    },
  );

  app.post(
    '/api/me/representatives',
    {
      schema: {
        tags: ['me'],
        summary: 'Acts for the customer of a representative code from now on',
        body: chooseRepresentativeRequest,
        response: { 200: z.object({ representativeCode: z.string() }), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const access = actor.accesses.find((candidate) => candidate.code === request.body.representativeCode);
      if (!access) {
        await actorRepository.audit(db, {
          siteId: actor.siteId,
          personId: actor.person.id,
          customerId: null,
          action: 'POST /api/me/representatives',
          outcome: 'refused',
          requestId: request.id,
          ipAddress: request.ip,
          details: 'representative code is not this person’s',
        });
        throw new AppError('REPRESENTATIVE_CODE_INVALID', 'You cannot act for this customer');
      }
      reply.setCookie(REPRESENTATIVE_COOKIE, access.code, { ...secureCookie, maxAge: 315_360_000 });
      return { representativeCode: access.code };
    },
  );

  app.get(
    '/api/info',
    {
      schema: { tags: ['me'], summary: 'Who is acting, for whom, and with which roles', response: { 200: actorInfo, ...guardedErrors } },
    },
    async (request) => actorInfoOf(actorOf(request), request.cookies[SESSION_COOKIE] ?? '', { reverificationPeriodSeconds, authSecret }),
  );
};
