import type { AdminFeedbackForm, FeedbackFormUpdateRequest } from '@portal/schema/feedback';
import { auditAdminChange, type AdminChange } from '../../platform/admin-audit.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { feedbackRepository } from './feedback-repository.ts';

type Deps = { db: Database; now?: () => Date };
type Change = AdminChange;

const notFound = () => new AppError('FEEDBACK_FORM_NOT_FOUND', 'This site has no feedback form by that id');

export async function addFeedbackForm(deps: Deps, change: Change): Promise<AdminFeedbackForm> {
  return deps.db.transaction(async (tx) => {
    const formId = await feedbackRepository.addForm(tx, change.actor.siteId);
    const added = (await feedbackRepository.form(tx, change.actor.siteId, formId))!;
    await auditAdminChange(tx, change, 'feedback form added', { before: null, after: formState(added), details: formId });
    return added;
  });
}

/** Spec §4: active and renew are updatable. Activating one form deactivates the site's other; renew asks everybody again. */
export async function updateFeedbackForm(deps: Deps, change: Change, update: FeedbackFormUpdateRequest): Promise<AdminFeedbackForm> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const form = await feedbackRepository.lockForm(tx, siteId, update.formId);
    if (!form) throw notFound();
    if (update.active !== undefined && update.active !== form.active)
      await feedbackRepository.setActive(tx, siteId, form.id, update.active);
    if (update.renew) await feedbackRepository.renew(tx, siteId, form.id, (deps.now ?? (() => new Date()))());
    const updated = (await feedbackRepository.form(tx, siteId, form.id))!;
    await auditAdminChange(tx, change, 'feedback form updated', {
      before: formState(form),
      after: formState(updated),
      details: `${form.id} active=${String(update.active ?? form.active)} renew=${String(update.renew ?? false)}`,
    });
    return updated;
  });
}

export async function deleteFeedbackSubmissions(deps: Deps, change: Change, formId: string): Promise<number> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const form = await feedbackRepository.lockForm(tx, siteId, formId);
    if (!form) throw notFound();
    const deleted = await feedbackRepository.deleteSubmissions(tx, siteId, form.id);
    await auditAdminChange(tx, change, 'feedback submissions deleted', {
      before: { formId: form.id, submissions: deleted },
      after: { formId: form.id, submissions: 0 },
      details: `${form.id} count=${deleted}`,
    });
    return deleted;
  });
}

/** What the audit line keeps of a form: its switches, not its counts. */
function formState(form: { active: boolean; refreshedAt: Date | string }) {
  const refreshedAt = form.refreshedAt instanceof Date ? form.refreshedAt.toISOString() : form.refreshedAt;
  return { active: form.active, refreshedAt };
}
