import type { z } from 'zod';
import type { feedbackSendRequest } from '@portal/schema/feedback';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { feedbackRepository } from './feedback-repository.ts';

/** Spec §6: only a person whose personal code strong e-ID verified answers the survey. */
export function isVerifiedPerson(actor: Actor): boolean {
  return Boolean(actor.person.ssn && actor.person.verifiedAt);
}

/**
 * Records one answer to the site's active form, once per person and round (docs/decisions/050): the round is
 * the form's refreshedAt read under a share lock, so a renew racing the answer cannot split it across rounds.
 */
export async function sendFeedback(deps: { db: Database }, actor: Actor, answer: z.output<typeof feedbackSendRequest>): Promise<void> {
  if (!isVerifiedPerson(actor)) throw new AppError('FEEDBACK_NEEDS_VERIFIED_PERSON', 'Only a verified person can answer the survey');
  await deps.db.transaction(async (tx) => {
    const form = await feedbackRepository.activeFormForUpdate(tx, actor.siteId, answer.formId);
    if (!form) throw new AppError('FEEDBACK_FORM_NOT_FOUND', 'This site has no open survey by that id');
    const inserted = await feedbackRepository.insertSubmission(tx, {
      formId: form.id,
      siteId: actor.siteId,
      personId: actor.person.id,
      customerId: actor.actingAs === 'staff' ? null : (actor.customer?.id ?? null),
      rating: answer.rating,
      openText: answer.openText ? answer.openText : null,
      formRefreshedAt: form.refreshedAt,
    });
    if (!inserted) throw new AppError('FEEDBACK_ALREADY_SENT', 'You have already answered this survey');
  });
}
