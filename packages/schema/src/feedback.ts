import { z } from 'zod';

/** Spec §9: a rating is 1 to 5. */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
/** Long enough for a paragraph of opinion, short enough that nobody pastes a document into a survey. */
export const MAX_OPEN_TEXT_LENGTH = 2000;

/**
 * Spec §5: the rating is required and coerced to a number; a non-number is errors.no-rating (an `invalid_type`
 * issue expecting a number), a number that is not a whole 1–5 is errors.invalid-rating (any other issue). The messages are the
 * API's English; the web shows the translated key (`feedbackRatingMessageKey`).
 */
export const feedbackRating = z.coerce
  .number({ error: 'Choose a rating' })
  .int(`A rating is a whole number from ${MIN_RATING} to ${MAX_RATING}`)
  .min(MIN_RATING, `A rating is a whole number from ${MIN_RATING} to ${MAX_RATING}`)
  .max(MAX_RATING, `A rating is a whole number from ${MIN_RATING} to ${MAX_RATING}`);

/** The translation key of spec §8 for a failed rating issue. */
export function feedbackRatingMessageKey(issue: { code: string; expected?: unknown }): 'errors.no-rating' | 'errors.invalid-rating' {
  // A fraction fails `.int()` as an invalid_type expecting 'int': a number, but not a valid rating.
  return issue.code === 'invalid_type' && issue.expected === 'number' ? 'errors.no-rating' : 'errors.invalid-rating';
}

/** Spec §3 feedback answer: formId, rating 1–5, optional openText. */
export const feedbackSendRequest = z.object({
  formId: z.string().min(1).max(64),
  rating: feedbackRating,
  openText: z.string().trim().max(MAX_OPEN_TEXT_LENGTH).optional(),
});
export type FeedbackSendRequest = z.input<typeof feedbackSendRequest>;

/** Spec §3 feedback form as the shell sees it: the site's active form the person has not answered since its refresh. */
export const feedbackForm = z.object({ id: z.string(), refreshedAt: z.iso.datetime() });
export type FeedbackForm = z.infer<typeof feedbackForm>;

/** Spec §3 admin view of a form, with how it has been answered. */
export const adminFeedbackForm = z.object({
  formId: z.string(),
  active: z.boolean(),
  refreshedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  submissionCount: z.number().int(),
  /** Mean rating, two decimals; null without submissions. */
  averageRating: z.number().nullable(),
});
export type AdminFeedbackForm = z.infer<typeof adminFeedbackForm>;

/** Spec §7 PATCH feedback-form/update: formId, active, renew. */
export const feedbackFormUpdateRequest = z.object({
  formId: z.string().min(1).max(64),
  active: z.boolean().optional(),
  /** True asks everyone again: the form's refreshedAt becomes now. */
  renew: z.boolean().optional(),
});
export type FeedbackFormUpdateRequest = z.infer<typeof feedbackFormUpdateRequest>;

export const feedbackSubmissionsDeleteRequest = z.object({ formId: z.string().min(1).max(64) });

/** One answer as an administrator reads it: no name or customer (docs/decisions/050-feedback-survey.md). */
export const feedbackSubmission = z.object({
  id: z.string(),
  rating: z.number().int(),
  openText: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type FeedbackSubmission = z.infer<typeof feedbackSubmission>;

export const feedbackSubmissions = z.object({
  form: adminFeedbackForm,
  /** How many answers gave each rating 1–5, in that order. */
  distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  submissions: z.array(feedbackSubmission),
});
export type FeedbackSubmissions = z.infer<typeof feedbackSubmissions>;
