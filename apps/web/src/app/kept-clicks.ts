declare global {
  interface Window {
    /** Set by index.html's first script: stops keeping clicks and hands over those kept, in order (decision 104). */
    portalKeptClicks?: () => KeptClick[];
  }
}

/**
 * A click on a control of the drawn page before the app had it, the submit of a form the app posts itself, or the text
 * last typed into a field (index.html keeps them): the element, and where it stood under the root (child indices), to
 * find it again if React drew that part anew.
 */
export type KeptClick = { element: Element; path: number[] } & ({ submit: boolean } | { typed: string });

/** How long a kept click waits for React to take over its part of the page before it is replayed anyway. */
const HYDRATION_WAIT_MS = 5000;

/** Whether React has taken over this element of the server's page (it keeps its own data on the elements it hydrated). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** The element as it is now: the one kept, or, where React drew its part anew, the same kind of element in its place. */
function current({ element, path }: KeptClick): Element | null {
  if (element.isConnected) return element;
  let at: Element | null | undefined = document.getElementById('root');
  for (const index of path) at = at?.children[index];
  return at && at.tagName === element.tagName && at.textContent === element.textContent ? at : null;
}

/**
 * Replays the clicks a person made on the server-drawn page before the app had it, once it has: each is the same click
 * on the same element, and text typed into a field is typed again. React takes a page over part by part (each route's
 * Suspense boundary in a task of its own), and a click on a part not yet taken over would be lost, so each waits for its
 * element, in order; a part React drew anew (what it drew differed) is found where it stood. Keeping stops here.
 */
export async function replayKeptClicks(): Promise<void> {
  const take = window.portalKeptClicks;
  window.portalKeptClicks = undefined;
  const deadline = performance.now() + HYDRATION_WAIT_MS;
  for (const click of take?.() ?? []) {
    let target = current(click);
    while (target && !hydrated(target) && performance.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      target = current(click);
    }
    if ('typed' in click) {
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) typeAgain(target, click.typed);
    } else if (target instanceof HTMLFormElement && click.submit) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  }
}

/**
 * Types a kept text into its field again, so the app's form holds what the field shows. React takes the field over
 * with the typed text in it but its state still empty, and its next render would empty the field (React 19 replays no
 * change made before it took a page over). React hears an input only when the field's value differs from the last one
 * it noted, which it notes through the field's own `value` setter: the field is set to another value through that
 * setter, then to the text past it, and an input event follows.
 */
function typeAgain(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = text === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Stops keeping clicks where the browser draws the page alone: there was nothing to click before. */
export function stopKeepingClicks(): void {
  window.portalKeptClicks?.();
  window.portalKeptClicks = undefined;
}
