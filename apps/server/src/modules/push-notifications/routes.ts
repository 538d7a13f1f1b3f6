import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerPushInfo, pushConfiguration, setPushTokenRequest } from '@portal/schema/push-notifications';
import { z } from 'zod';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { pushConfigurationFor } from './push-configuration.ts';
import { pushSubscriptionRepository } from './push-subscription-repository.ts';
import { deviceName } from './device-name.ts';
import { setPushToken } from './set-push-token.ts';
import type { InstallationVapidKeys } from './vapid-keys.ts';

type Options = { db: Database; vapidKeys: InstallationVapidKeys; allowedHosts: readonly string[] };

/** Spec §7 "Other": the push configuration, the customer's push info and the browser's token (docs/decisions/041). */
export const pushNotificationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, vapidKeys, allowedHosts }) => {
  app.get(
    '/api/notifications/configuration',
    {
      schema: {
        tags: ['notifications'],
        summary: "What a browser needs to subscribe to the site's push notifications: app config and the VAPID key",
        response: { 200: pushConfiguration, ...guardedErrors },
      },
    },
    async (request) => pushConfigurationFor(request.site, (await vapidKeys.get()).publicKey),
  );

  app.get(
    '/api/notifications/customer-info',
    {
      schema: {
        tags: ['notifications'],
        summary: "Whether this person gets the acting customer's alerts by push, and whether the site can send them",
        response: { 200: customerPushInfo, ...guardedErrors },
      },
    },
    async (request) => {
      const registered = await pushSubscriptionRepository.countOfPerson(db, customerScopeOf(request), actorOf(request).person.id);
      return { enabled: registered > 0, providerEnabled: actorOf(request).actingAs !== 'staff' };
    },
  );

  app.post(
    '/api/notifications/set-token',
    {
      schema: {
        tags: ['notifications'],
        summary: "Registers this browser's push subscription for the acting customer's alerts (enabled), or forgets it",
        body: setPushTokenRequest,
        response: { 200: z.object({ enabled: z.boolean() }), ...refusedError, ...guardedErrors },
      },
    },
    async (request) =>
      setPushToken(
        db,
        {
          actor: actorOf(request),
          scope: customerScopeOf(request),
          device: deviceName(request.headers['user-agent']),
          allowedHosts,
          now: new Date(),
        },
        request.body,
      ),
  );
};
