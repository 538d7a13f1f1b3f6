import type { FeedbackForm } from '@portal/schema/feedback';
import Cookies from 'js-cookie';
import { COOKIE, readCookie } from '../../shared/cookies.ts';

/**
 * Spec §4: the dialog opens when no feedback-handled cookie exists or its timestamp is older than the form's
 * refreshedAt; an unreadable cookie counts as none.
 */
export function isFeedbackDue(form: FeedbackForm, handled: string | undefined = readCookie(COOKIE.feedbackHandled)): boolean {
  const handledAt = handled ? Date.parse(handled) : Number.NaN;
  return Number.isNaN(handledAt) || handledAt < Date.parse(form.refreshedAt);
}

/** Closing or answering writes now to the cookie, for a year on the whole site. */
export function markFeedbackHandled(at: Date = new Date()) {
  Cookies.set(COOKIE.feedbackHandled, at.toISOString(), { path: '/', secure: true, sameSite: 'Lax', expires: 365 });
}
