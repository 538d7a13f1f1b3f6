import type { ActorInfo } from '@portal/schema/identity';
import type { Actor } from '../../platform/actor.ts';
import { formDraftKey } from './form-draft-key.ts';

/** GET /api/info's answer for an actor, also written into the first page (web-app/routes.ts). */
export function actorInfoOf(
  actor: Actor,
  sessionToken: string,
  { reverificationPeriodSeconds, authSecret }: { reverificationPeriodSeconds: number; authSecret: string },
): ActorInfo {
  return {
    person: { name: actor.person.name },
    customer: actor.customer ? { clientCode: actor.customer.clientCode, name: actor.customer.name, type: actor.customer.type } : null,
    actingAs: actor.actingAs,
    staffRoles: actor.staffRoles,
    reverificationPeriodSeconds,
    draftKey: formDraftKey(authSecret, sessionToken, actor.customer?.id ?? null),
  };
}
