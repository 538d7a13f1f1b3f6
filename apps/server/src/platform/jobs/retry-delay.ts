/** Exponential back-off between attempts: first delay, doubling, capped. */
export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number };

/** 15 s, 30 s, 1 min, … up to 1 h: eight attempts span about half an hour, enough to ride out a provider's hiccup. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 15_000, maxDelayMs: 60 * 60_000 };

/**
 * How long to wait after failed attempt number `attempt` (1-based). Up to a fifth is added at random so that
 * jobs which failed together (a mail server that was down) do not all come back in the same second.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const base = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + random() / 5));
}
