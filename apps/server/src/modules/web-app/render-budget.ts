/**
 * How much of the main thread drawing pages on the server may take (docs/decisions/089): a leaky bucket that fills
 * with each render's milliseconds and drains at `share` of the clock, refusing while it holds `burstMs` or more.
 * Under a crowd of page loads the API calls keep the rest of the thread, and the pages past the budget are drawn by
 * the browser, as every page was before decision 088.
 */
export function renderBudget({ share = 0.2, burstMs = 200, now = () => performance.now() } = {}) {
  let owed = 0;
  let lastAt = now();
  const drain = () => {
    const at = now();
    owed = Math.max(0, owed - (at - lastAt) * share);
    lastAt = at;
  };
  return {
    allows(): boolean {
      drain();
      return owed < burstMs;
    },
    spend(ms: number): void {
      drain();
      owed += ms;
    },
  };
}

export type RenderBudget = ReturnType<typeof renderBudget>;
