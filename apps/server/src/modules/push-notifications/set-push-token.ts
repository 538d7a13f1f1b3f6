import type { z } from 'zod';
import type { setPushTokenRequest } from '@portal/schema/push-notifications';
import type { Actor, CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isAllowedPushEndpoint } from '../../integrations/push/push-service-hosts.ts';
import { pushSubscriptionRepository as subscriptions } from './push-subscription-repository.ts';

type Request = z.output<typeof setPushTokenRequest>;

/**
 * POST /api/notifications/set-token: registers this browser for the acting customer's alerts, or (enabled false)
 * forgets it. Staff acting for a customer may not: the customer's alerts would go to the staff member's browser.
 */
export async function setPushToken(
  db: Database,
  {
    actor,
    scope,
    device,
    allowedHosts,
    now,
  }: { actor: Actor; scope: CustomerScope; device: string; allowedHosts: readonly string[]; now: Date },
  request: Request,
): Promise<{ enabled: boolean }> {
  if (actor.actingAs === 'staff') throw new AppError('PUSH_NOT_FOR_STAFF', "Staff cannot receive a customer's alerts in their own browser");
  const { endpoint, keys } = request.token;
  if (!isAllowedPushEndpoint(endpoint, allowedHosts)) {
    throw new AppError('PUSH_SERVICE_NOT_ALLOWED', `token.endpoint: ${new URL(endpoint).host} is not a browser push service`);
  }
  await db.transaction(async (tx) => {
    if (request.enabled) {
      await subscriptions.save(tx, { ...scope, personId: actor.person.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, device }, now);
    } else {
      await subscriptions.remove(tx, scope.siteId, actor.person.id, endpoint);
    }
  });
  return { enabled: request.enabled };
}
