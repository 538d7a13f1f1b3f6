/**
 * The colours of the filled badges and buttons that say a state, one for each kind of state, the same on every page
 * and theme: each holds white text at 5.5:1 or more (WCAG 2.1 1.4.3 asks 4.5:1), in light and dark schemes alike, so a
 * theme's own palette never has to be checked against them. `status-colours.test.ts` computes the ratios.
 */
export const STATUS_COLOURS = {
  /** Done and well: paid, active, sent, resolved, ready, the cheapest. */
  done: '#1B6E2E',
  /** Waiting on someone: unpaid, awaiting a signature, planned, ending, a change. */
  waiting: '#8A5300',
  /** Needs attention or cannot be undone: overdue, failed, an outage now, closing an account. */
  problem: '#B3261E',
  /** Under way: queued, signed, open, a look at the data. */
  info: '#1F4E99',
  /** Over or not in play: ended, cancelled, a draft, inactive. */
  neutral: '#4A5059',
} as const;
