import type { AdminFeedbackForm, FeedbackFormUpdateRequest } from '@portal/schema/feedback';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { FeedbackRepository } from './feedback-repository.ts';

type Deps = { db: Database; feedback: FeedbackRepository; now?: () => Date };
/** Who changed what, for the audit line written in the same transaction as the change. */
type Change = { actor: Actor; requestId: string; ipAddress: string };

const notFound = () => new AppError('FEEDBACK_FORM_NOT_FOUND', 'This site has no feedback form by that id');

function auditLine(change: Change, action: string, details: string) {
  return {
    siteId: change.actor.siteId,
    personId: change.actor.person.id,
    customerId: null,
    action,
    outcome: 'ok',
    requestId: change.requestId,
    ipAddress: change.ipAddress,
    details,
  };
}

/** A new form starts inactive: the administrator switches it on when it should be asked (docs/decisions/050). */
export async function addFeedbackForm(deps: Deps, change: Change): Promise<AdminFeedbackForm> {
  return deps.db.transaction(async (tx) => {
    const formId = await deps.feedback.addForm(tx, change.actor.siteId);
    await deps.feedback.audit(tx, auditLine(change, 'feedback form added', formId));
    return (await deps.feedback.form(tx, change.actor.siteId, formId))!;
  });
}

/** Spec §4: active and renew are updatable. Activating one form deactivates the site's other; renew asks everybody again. */
export async function updateFeedbackForm(deps: Deps, change: Change, update: FeedbackFormUpdateRequest): Promise<AdminFeedbackForm> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const form = await deps.feedback.lockForm(tx, siteId, update.formId);
    if (!form) throw notFound();
    if (update.active !== undefined && update.active !== form.active) await deps.feedback.setActive(tx, siteId, form.id, update.active);
    if (update.renew) await deps.feedback.renew(tx, siteId, form.id, (deps.now ?? (() => new Date()))());
    await deps.feedback.audit(
      tx,
      auditLine(
        change,
        'feedback form updated',
        `${form.id} active=${String(update.active ?? form.active)} renew=${String(update.renew ?? false)}`,
      ),
    );
    return (await deps.feedback.form(tx, siteId, form.id))!;
  });
}

export async function deleteFeedbackSubmissions(deps: Deps, change: Change, formId: string): Promise<number> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const form = await deps.feedback.lockForm(tx, siteId, formId);
    if (!form) throw notFound();
    const deleted = await deps.feedback.deleteSubmissions(tx, siteId, form.id);
    await deps.feedback.audit(tx, auditLine(change, 'feedback submissions deleted', `${form.id} count=${deleted}`));
    return deleted;
  });
}
