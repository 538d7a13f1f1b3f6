import type { PostponementRefusal, PostponementWindow } from '@portal/schema/invoices';
import { AppError } from '../../platform/errors.ts';
import { addDays, maxDate, minDate } from '@portal/schema/calendar-dates';

/**
 * The postponement rules of docs/decisions/010-invoice-postponement.md, as pure functions so every rule is
 * tested on its own: only unpaid invoices; at most 14 days past the original due date (30 with the
 * ADVANCED_INVOICE_POSTPONEMENT feature); once per invoice (twice with the feature); never into the past;
 * never past the due date of the contract's next invoice.
 */
export const POSTPONEMENT_POLICY = {
  standard: { maxDays: 14, maxTimes: 1 },
  advanced: { maxDays: 30, maxTimes: 2 },
} as const;

export type PostponementFacts = {
  paymentStatus: 'paid' | 'unpaid';
  dueDate: string;
  originalDueDate: string;
  postponementsUsed: number;
  /** Due date of the same contract's next invoice, if one has been issued. */
  nextInvoiceDueDate: string | null;
  today: string;
  advanced: boolean;
};

const MESSAGES: Record<PostponementRefusal, (facts: PostponementFacts, limit: { maxDays: number; maxTimes: number }) => string> = {
  INVOICE_ALREADY_PAID: () => 'This invoice is already paid, so its due date cannot change',
  POSTPONEMENT_LIMIT_REACHED: (_, { maxTimes }) =>
    maxTimes === 1
      ? 'The due date of this invoice has already been postponed once'
      : `The due date of this invoice has already been postponed ${maxTimes} times`,
  POSTPONEMENT_WINDOW_CLOSED: (_, { maxDays }) =>
    `The due date can only be moved up to ${maxDays} days past the original due date, and not past the next invoice's due date; that time has passed`,
  POSTPONE_DATE_NOT_LATER: (facts) => `The new due date must be later than the current due date ${facts.dueDate}`,
  POSTPONE_DATE_IN_PAST: (facts) => `The new due date cannot be in the past (today is ${facts.today})`,
  POSTPONE_DATE_TOO_FAR: (facts, { maxDays }) =>
    `The new due date can be at most ${maxDays} days after the original due date, that is ${addDays(facts.originalDueDate, maxDays)} at the latest`,
  POSTPONE_DATE_PAST_NEXT_INVOICE: (facts) =>
    `The new due date cannot be later than the next invoice's due date ${facts.nextInvoiceDueDate}`,
};

/** The dates the due date may move to now, or why it may not move at all. */
export function postponementWindow(facts: PostponementFacts): PostponementWindow {
  const limit = facts.advanced ? POSTPONEMENT_POLICY.advanced : POSTPONEMENT_POLICY.standard;
  const base = { postponementsUsed: facts.postponementsUsed, postponementsAllowed: limit.maxTimes, maxDays: limit.maxDays };
  const refuse = (refusal: PostponementRefusal): PostponementWindow => ({ ...base, allowed: false, minDate: null, maxDate: null, refusal });
  if (facts.paymentStatus === 'paid') return refuse('INVOICE_ALREADY_PAID');
  if (facts.postponementsUsed >= limit.maxTimes) return refuse('POSTPONEMENT_LIMIT_REACHED');
  const earliest = maxDate(addDays(facts.dueDate, 1), facts.today);
  const latestByDays = addDays(facts.originalDueDate, limit.maxDays);
  const latest = facts.nextInvoiceDueDate ? minDate(latestByDays, facts.nextInvoiceDueDate) : latestByDays;
  if (earliest > latest) return refuse('POSTPONEMENT_WINDOW_CLOSED');
  return { ...base, allowed: true, minDate: earliest, maxDate: latest, refusal: null };
}

/** Checks a requested due date against the rules; the refusal names the rule that failed. */
export function checkPostponement(facts: PostponementFacts, requested: string): PostponementRefusal | null {
  const window = postponementWindow(facts);
  if (window.refusal === 'INVOICE_ALREADY_PAID' || window.refusal === 'POSTPONEMENT_LIMIT_REACHED') return window.refusal;
  if (requested <= facts.dueDate) return 'POSTPONE_DATE_NOT_LATER';
  if (requested < facts.today) return 'POSTPONE_DATE_IN_PAST';
  const limit = facts.advanced ? POSTPONEMENT_POLICY.advanced : POSTPONEMENT_POLICY.standard;
  if (requested > addDays(facts.originalDueDate, limit.maxDays)) return 'POSTPONE_DATE_TOO_FAR';
  if (facts.nextInvoiceDueDate && requested > facts.nextInvoiceDueDate) return 'POSTPONE_DATE_PAST_NEXT_INVOICE';
  return null;
}

export function postponementError(refusal: PostponementRefusal, facts: PostponementFacts): AppError {
  const limit = facts.advanced ? POSTPONEMENT_POLICY.advanced : POSTPONEMENT_POLICY.standard;
  return new AppError(refusal, MESSAGES[refusal](facts, limit));
}
