import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNotificationSettingRequest,
  notificationSetting,
  notificationSettingList,
  notificationSettingParams,
  notificationSettingsQuery,
  notificationSubject,
  notificationUpdate,
  spotPriceNotification as spotPriceNotificationSchema,
} from '@portal/schema/settings';
import { z } from 'zod';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { notificationSettingRepository } from './notification-setting-repository.ts';
import { notificationSubjectsOf } from './notification-subjects.ts';
import { createNotificationSetting, updateNotificationSetting } from './save-notification-setting.ts';
import { saveSpotPriceNotification, spotPriceNotification } from './spot-price-notification.ts';

/** Spec §7: notification subjects and the acting customer's notification settings. */
export const notificationSettingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/notification-subjects',
    {
      schema: {
        tags: ['me'],
        summary: 'What the customer can be notified about on this site',
        response: { 200: z.array(notificationSubject), ...guardedErrors },
      },
    },
    async (request) => notificationSubjectsOf(request.site.features),
  );

  app.get(
    '/api/me/notification-settings',
    {
      schema: {
        tags: ['me'],
        summary: "The acting customer's notification settings, of one subject (filter) or all",
        querystring: notificationSettingsQuery,
        response: { 200: notificationSettingList, ...guardedErrors },
      },
    },
    async (request) => notificationSettingRepository.list(db, customerScopeOf(request), request.query.filter),
  );

  app.post(
    '/api/me/notification-settings',
    {
      schema: {
        tags: ['me'],
        summary: 'Adds a notification setting for a subject and channel',
        body: createNotificationSettingRequest,
        response: { 201: notificationSetting, ...refusedError, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const created = await createNotificationSetting(db, customerScopeOf(request), request.site.features, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/me/notification-settings/:id',
    {
      schema: {
        tags: ['me'],
        summary: 'Changes a notification setting: enabled, threshold {lower, upper}, contactsIds',
        params: notificationSettingParams,
        body: notificationUpdate,
        response: { 200: notificationSetting, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => updateNotificationSetting(db, customerScopeOf(request), request.site.features, request.params.id, request.body),
  );
};

/** Spec §7 GET/PUT /api/me/notifications: the spot-price alert in the compact form of spec §3 (SETTINGS_SPOT_PRICE). */
export const spotPriceNotificationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/notifications',
    {
      schema: {
        tags: ['me'],
        summary: "The acting customer's spot-price alert: enabled, threshold {lower, upper} in c/kWh, contactsIds",
        response: { 200: spotPriceNotificationSchema, ...guardedErrors },
      },
    },
    async (request) => spotPriceNotification(db, customerScopeOf(request)),
  );

  app.put(
    '/api/me/notifications',
    {
      schema: {
        tags: ['me'],
        summary: 'Changes the spot-price alert (spec §3 notification update); contactsIds are converted to integers',
        body: notificationUpdate,
        response: { 200: spotPriceNotificationSchema, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => saveSpotPriceNotification(db, customerScopeOf(request), request.body),
  );
};
