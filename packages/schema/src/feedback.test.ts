import { describe, expect, it } from 'vitest';
import { feedbackRatingMessageKey, feedbackSendRequest } from './feedback.ts';

const ratingIssue = (rating: unknown) => {
  const result = feedbackSendRequest.safeParse({ formId: 'form-1', rating });
  return result.success ? null : feedbackRatingMessageKey(result.error.issues[0]!);
};

describe('feedback rating (spec §5)', () => {
  it('coerces a number given as text', () => {
    expect(feedbackSendRequest.parse({ formId: 'form-1', rating: '4' })).toEqual({ formId: 'form-1', rating: 4 });
  });

  it('names a missing or non-number rating errors.no-rating', () => {
    expect(ratingIssue(undefined)).toBe('errors.no-rating');
    expect(ratingIssue('five')).toBe('errors.no-rating');
  });

  it('names a number outside 1–5, or not whole, errors.invalid-rating', () => {
    for (const rating of [0, 6, -1, 2.5]) expect(ratingIssue(rating)).toBe('errors.invalid-rating');
    for (const rating of [1, 5]) expect(ratingIssue(rating)).toBeNull();
  });
});
