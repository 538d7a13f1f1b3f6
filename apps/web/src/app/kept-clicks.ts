declare global {
  interface Window {
    /** Set by index.html's first script: stops keeping clicks and hands over those kept, in order (decision 104). */
    portalKeptClicks?: () => KeptClick[];
  }
}

/** A click (or a form's submit) on the drawn page before the app had it: the element, and the same action again. */
export type KeptClick = { element: Element; replay: () => void };

/** How long a kept click waits for React to take over its part of the page before it is replayed anyway. */
const HYDRATION_WAIT_MS = 5000;

/** Whether React has taken over this element of the server's page (it keeps its own data on the elements it hydrated). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * Replays the clicks a person made on the server-drawn page before the app had it (index.html keeps them), once it
 * has: each is the same click on the same element, which hydration kept. React takes a page over part by part (each
 * route's Suspense boundary in a task of its own), and a click on a part not yet taken over would be lost, so each
 * waits for its element, in order. Keeping stops here.
 */
export async function replayKeptClicks(): Promise<void> {
  const take = window.portalKeptClicks;
  window.portalKeptClicks = undefined;
  const deadline = performance.now() + HYDRATION_WAIT_MS;
  for (const { element, replay } of take?.() ?? []) {
    while (!hydrated(element) && element.isConnected && performance.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    if (element.isConnected) replay();
  }
}

/** Stops keeping clicks where the browser draws the page alone: there was nothing to click before. */
export function stopKeepingClicks(): void {
  window.portalKeptClicks?.();
  window.portalKeptClicks = undefined;
}
