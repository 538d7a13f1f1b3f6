declare global {
  interface Window {
    /** Set by index.html's first script: stops keeping clicks and hands over those kept, in order (decision 104). */
    portalKeptClicks?: () => (() => void)[];
  }
}

/**
 * The clicks a person made on the server-drawn page before the app had it (index.html keeps them), to replay once it
 * has: each is the same click on the same element, which React kept through the take-over. Keeping stops here.
 */
export function takeKeptClicks(): (() => void)[] {
  const take = window.portalKeptClicks;
  window.portalKeptClicks = undefined;
  return take?.() ?? [];
}
