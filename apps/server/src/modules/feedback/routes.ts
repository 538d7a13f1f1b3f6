import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFeedbackForm,
  feedbackForm,
  feedbackFormUpdateRequest,
  feedbackSendRequest,
  feedbackSubmissions,
  feedbackSubmissionsDeleteRequest,
} from '@portal/schema/feedback';
import { actorOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { adminChangeOf } from '../../platform/admin-audit.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { feedbackRepository } from './feedback-repository.ts';
import { addFeedbackForm, deleteFeedbackSubmissions, updateFeedbackForm } from './manage-feedback-forms.ts';
import { isVerifiedPerson, sendFeedback } from './send-feedback.ts';

type Options = { db: Database };

/**
 * GET /api/feedback/form and PUT /api/feedback/send (spec §7). Registered in the person area behind the FEEDBACK
 * feature: anyone signed in on a site that runs the survey; the person answers for themself.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  app.get(
    '/api/feedback/form',
    {
      schema: {
        tags: ['feedback'],
        summary: "The site's active survey, or null when there is none or this person answered it since its last renewal",
        response: { 200: feedbackForm.nullable(), ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!isVerifiedPerson(actor)) return null;
      const form = await feedbackRepository.openFormFor(db, actor.siteId, actor.person.id);
      return form ? { id: form.id, refreshedAt: form.refreshedAt.toISOString() } : null;
    },
  );

  app.put(
    '/api/feedback/send',
    {
      schema: {
        tags: ['feedback'],
        summary: "Answers the site's active survey: a rating 1–5 and an optional text, once per renewal",
        body: feedbackSendRequest,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => {
      await sendFeedback({ db }, actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
};

const siteParams = z.object({ siteId: z.string().min(1).max(64) });
const formParams = siteParams.extend({ formId: z.string().min(1).max(64) });

const changeOf = adminChangeOf;

/** The five admin calls of spec §7, in the admin area: site administrators of the site in the path only. */
export const feedbackAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  app.get(
    '/api/admin/site/:siteId/feedback-form',
    {
      schema: {
        tags: ['admin'],
        summary: "The site's feedback forms, newest first, with their answer count and average rating",
        params: siteParams,
        response: { 200: z.array(adminFeedbackForm), ...guardedErrors },
      },
    },
    async (request) => feedbackRepository.forms(db, actorOf(request).siteId),
  );

  app.post(
    '/api/admin/site/:siteId/feedback-form/add',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Adds an inactive feedback form',
        params: siteParams,
        response: { 201: adminFeedbackForm, ...guardedErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addFeedbackForm({ db }, changeOf(request))),
  );

  app.patch(
    '/api/admin/site/:siteId/feedback-form/update',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Activates or deactivates a form (one active per site), or renews it so everybody is asked again',
        params: siteParams,
        body: feedbackFormUpdateRequest,
        response: { 200: adminFeedbackForm, ...guardedErrors },
      },
    },
    async (request) => updateFeedbackForm({ db }, changeOf(request), request.body),
  );

  app.delete(
    '/api/admin/site/:siteId/feedback-submissions',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: "Deletes every answer to one of the site's forms",
        params: siteParams,
        body: feedbackSubmissionsDeleteRequest,
        response: { 200: z.object({ deleted: z.number().int() }), ...guardedErrors },
      },
    },
    async (request) => ({ deleted: await deleteFeedbackSubmissions({ db }, changeOf(request), request.body.formId) }),
  );

  app.get(
    '/api/admin/site/:siteId/feedback/:formId',
    {
      // Customers' own words and ratings: an administrator's read of them is audited (decision 107).
      config: { auditRead: true },
      schema: {
        tags: ['admin'],
        summary: "One form's answers, newest first, with the average and how many gave each rating",
        params: formParams,
        response: { 200: feedbackSubmissions, ...guardedErrors },
      },
    },
    async (request) => {
      const siteId = actorOf(request).siteId;
      const form = await feedbackRepository.form(db, siteId, request.params.formId);
      if (!form) throw new AppError('FEEDBACK_FORM_NOT_FOUND', 'This site has no feedback form by that id');
      const [distribution, submissions] = await Promise.all([
        feedbackRepository.distribution(db, siteId, form.formId),
        feedbackRepository.submissions(db, siteId, form.formId),
      ]);
      return { form, distribution, submissions };
    },
  );
};
