import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, retryDelayMs } from './retry-delay.ts';

describe('retry delay', () => {
  it('doubles from the first delay after each failed attempt and stops at the cap', () => {
    const policy = { firstDelayMs: 1000, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, policy, () => 0))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('adds up to a fifth at random so jobs that failed together come back spread out', () => {
    expect(retryDelayMs(3, DEFAULT_RETRY, () => 0)).toBe(60_000);
    expect(retryDelayMs(3, DEFAULT_RETRY, () => 0.5)).toBe(66_000);
    expect(retryDelayMs(3, DEFAULT_RETRY, () => 0.999_999)).toBeLessThanOrEqual(72_000);
  });
});
