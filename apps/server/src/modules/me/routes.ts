import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import {
  actorInfo,
  chooseRepresentativeRequest,
  profile,
  representativeList,
  updateProfileRequest,
} from '@portal/schema/identity';
import { z } from 'zod';
import { actorOf, REPRESENTATIVE_COOKIE, requirePerson, secureCookie } from '../../platform/actor.ts';
import type { ActorRepository } from '../../platform/actor-repository.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { ProfileRepository } from './profile-repository.ts';
import { updateProfile } from './update-profile.ts';

type Options = { profiles: ProfileRepository; actors: ActorRepository; reverificationPeriodSeconds: number };

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };

export const meRoutes: FastifyPluginAsyncZod<Options> = async (app, { profiles, actors, reverificationPeriodSeconds }) => {
  app.get(
    '/api/me',
    { preHandler: requirePerson, schema: { tags: ['me'], summary: "The signed-in person's profile", response: { 200: profile, ...errors } } },
    async (request) => {
      const found = await profiles.find(actorOf(request).person.id);
      if (!found) throw notFound('Profile not found');
      return found;
    },
  );

  app.put(
    '/api/me',
    {
      preHandler: requirePerson,
      schema: {
        tags: ['me'],
        summary: "Updates the person's e-mail, phone, language and contact preference",
        body: updateProfileRequest,
        response: { 200: profile, 409: apiErrorBody, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const country = actor.person.ssn?.slice(0, 2) ?? 'FI';
      return updateProfile(profiles, actor.person.id, country, request.body);
    },
  );

  app.get(
    '/api/me/representatives',
    {
      preHandler: requirePerson,
      schema: { tags: ['me'], summary: 'Customers the person may act for on this site', response: { 200: representativeList, ...errors } },
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
      preHandler: requirePerson,
      schema: {
        tags: ['me'],
        summary: 'Acts for the customer of a representative code from now on',
        body: chooseRepresentativeRequest,
        response: { 200: z.object({ representativeCode: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const access = actor.accesses.find((candidate) => candidate.code === request.body.representativeCode);
      if (!access) {
        await actors.audit({
          siteId: actor.siteId,
          personId: actor.person.id,
          customerId: null,
          action: 'POST /api/me/representatives',
          outcome: 'refused',
          requestId: request.id,
          ipAddress: request.ip,
          details: 'representative code is not this person’s',
        });
        throw forbidden('You cannot act for this customer', 'REPRESENTATIVE_CODE_INVALID');
      }
      reply.setCookie(REPRESENTATIVE_COOKIE, access.code, { ...secureCookie, maxAge: 315_360_000 });
      return { representativeCode: access.code };
    },
  );

  app.get(
    '/api/info',
    { preHandler: requirePerson, schema: { tags: ['me'], summary: 'Who is acting, for whom, and with which roles', response: { 200: actorInfo, ...errors } } },
    async (request) => {
      const actor = actorOf(request);
      return {
        person: { name: actor.person.name },
        customer: actor.customer ? { clientCode: actor.customer.clientCode, name: actor.customer.name, type: actor.customer.type } : null,
        actingAs: actor.actingAs,
        staffRoles: actor.staffRoles,
        reverificationPeriodSeconds,
      };
    },
  );
};
