import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminFeedbackForm, FeedbackSubmission } from '@portal/schema/feedback';
import { feedbackForm, feedbackSubmission } from '../../db/schema/feedback.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

// Qualified by hand: inside a correlated subquery drizzle would print bare column names, which bind to the inner table.
const formColumns = {
  formId: feedbackForm.id,
  active: feedbackForm.active,
  refreshedAt: feedbackForm.refreshedAt,
  createdAt: feedbackForm.createdAt,
  submissionCount: sql<number>`(select count(*)::int from feedback_submission s where s.form_id = "feedback_form"."id")`,
  averageRating: sql<
    string | null
  >`(select round(avg(s.rating), 2)::text from feedback_submission s where s.form_id = "feedback_form"."id")`,
};

type FormRow = {
  formId: string;
  active: boolean;
  refreshedAt: Date;
  createdAt: Date;
  submissionCount: number;
  averageRating: string | null;
};

const adminForm = (row: FormRow): AdminFeedbackForm => ({
  formId: row.formId,
  active: row.active,
  refreshedAt: row.refreshedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  submissionCount: Number(row.submissionCount),
  averageRating: row.averageRating === null ? null : Number(row.averageRating),
});

/** The SQL of the feedback survey: every statement names the site, so one site's forms never meet another's. */
export const feedbackRepository = {
  /** The site's active form, unless this person has answered it since its last refresh. */
  async openFormFor(executor: Executor, siteId: string, personId: string) {
    const [row] = await executor
      .select({ id: feedbackForm.id, refreshedAt: feedbackForm.refreshedAt })
      .from(feedbackForm)
      .where(
        and(
          eq(feedbackForm.siteId, siteId),
          eq(feedbackForm.active, true),
          sql`not exists (select 1 from feedback_submission s where s.form_id = "feedback_form"."id"
              and s.person_id = ${personId} and s.form_refreshed_at = "feedback_form"."refreshed_at")`,
        ),
      );
    return row ?? null;
  },

  async activeFormForUpdate(tx: Transaction, siteId: string, formId: string) {
    const [row] = await tx
      .select({ id: feedbackForm.id, refreshedAt: feedbackForm.refreshedAt })
      .from(feedbackForm)
      .where(and(eq(feedbackForm.siteId, siteId), eq(feedbackForm.id, formId), eq(feedbackForm.active, true)))
      .for('share');
    return row ?? null;
  },

  /** False when this person already answered this round (the unique index decides, so two sends cannot both land). */
  async insertSubmission(tx: Transaction, values: typeof feedbackSubmission.$inferInsert): Promise<boolean> {
    const inserted = await tx.insert(feedbackSubmission).values(values).onConflictDoNothing().returning({ id: feedbackSubmission.id });
    return inserted.length > 0;
  },

  async forms(executor: Executor, siteId: string): Promise<AdminFeedbackForm[]> {
    const rows = await executor
      .select(formColumns)
      .from(feedbackForm)
      .where(eq(feedbackForm.siteId, siteId))
      .orderBy(desc(feedbackForm.createdAt), asc(feedbackForm.id));
    return rows.map(adminForm);
  },

  async form(executor: Executor, siteId: string, formId: string): Promise<AdminFeedbackForm | null> {
    const [row] = await executor
      .select(formColumns)
      .from(feedbackForm)
      .where(and(eq(feedbackForm.siteId, siteId), eq(feedbackForm.id, formId)));
    return row ? adminForm(row) : null;
  },

  async lockForm(tx: Transaction, siteId: string, formId: string) {
    const [row] = await tx
      .select({ id: feedbackForm.id, active: feedbackForm.active, refreshedAt: feedbackForm.refreshedAt })
      .from(feedbackForm)
      .where(and(eq(feedbackForm.siteId, siteId), eq(feedbackForm.id, formId)))
      .for('update');
    return row ?? null;
  },

  async addForm(tx: Transaction, siteId: string): Promise<string> {
    const [row] = await tx.insert(feedbackForm).values({ siteId }).returning({ id: feedbackForm.id });
    return row!.id;
  },

  /** Deactivates the site's other forms first: the partial unique index allows one active form per site. */
  async setActive(tx: Transaction, siteId: string, formId: string, active: boolean) {
    if (active) {
      await tx
        .update(feedbackForm)
        .set({ active: false })
        .where(and(eq(feedbackForm.siteId, siteId), eq(feedbackForm.active, true), sql`${feedbackForm.id} <> ${formId}`));
    }
    await tx
      .update(feedbackForm)
      .set({ active })
      .where(and(eq(feedbackForm.siteId, siteId), eq(feedbackForm.id, formId)));
  },

  async renew(tx: Transaction, siteId: string, formId: string, at: Date) {
    await tx
      .update(feedbackForm)
      .set({ refreshedAt: at })
      .where(and(eq(feedbackForm.siteId, siteId), eq(feedbackForm.id, formId)));
  },

  async deleteSubmissions(tx: Transaction, siteId: string, formId: string): Promise<number> {
    const deleted = await tx
      .delete(feedbackSubmission)
      .where(and(eq(feedbackSubmission.siteId, siteId), eq(feedbackSubmission.formId, formId)))
      .returning({ id: feedbackSubmission.id });
    return deleted.length;
  },

  async submissions(executor: Executor, siteId: string, formId: string): Promise<FeedbackSubmission[]> {
    const rows = await executor
      .select({
        id: feedbackSubmission.id,
        rating: feedbackSubmission.rating,
        openText: feedbackSubmission.openText,
        createdAt: feedbackSubmission.createdAt,
      })
      .from(feedbackSubmission)
      .where(and(eq(feedbackSubmission.siteId, siteId), eq(feedbackSubmission.formId, formId)))
      .orderBy(desc(feedbackSubmission.createdAt), asc(feedbackSubmission.id));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },

  async distribution(executor: Executor, siteId: string, formId: string) {
    const rows = await executor
      .select({ rating: feedbackSubmission.rating, count: count() })
      .from(feedbackSubmission)
      .where(and(eq(feedbackSubmission.siteId, siteId), eq(feedbackSubmission.formId, formId)))
      .groupBy(feedbackSubmission.rating);
    return [1, 2, 3, 4, 5].map((rating) => ({ rating, count: Number(rows.find((row) => row.rating === rating)?.count ?? 0) }));
  },
};
