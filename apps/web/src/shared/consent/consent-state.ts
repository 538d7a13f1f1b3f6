import { createContext, use, useSyncExternalStore } from 'react';

/**
 * Whether the page still asks for cookie consent (docs/decisions/104): the server knows it from the cc_cookie record
 * and draws the banner with the page; the consent library says when the person has answered. One per app (a server
 * draws many visitors' pages side by side), handed down by context.
 */
export type ConsentState = {
  asked: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** The person answered (accepted, refused, or saved their preferences): the banner goes. */
  answered: () => void;
  /**
   * Starts the consent library with the site's categories, once, and resolves when it has: what the banner's and the
   * settings button's clicks wait for. The library loads only then, or at the start of a page whose record accepted
   * services it must run (main.tsx), not with every page (decision 105).
   */
  ready: () => Promise<void>;
  /** How the library is started (main.tsx); until set, `ready` waits for it. */
  startWith: (start: () => Promise<void>) => void;
};

export function createConsentState(asked: boolean): ConsentState {
  let current = asked;
  const listeners = new Set<() => void>();
  let setStarter: (start: () => Promise<void>) => void = () => {};
  const starter = new Promise<() => Promise<void>>((resolve) => (setStarter = resolve));
  let started: Promise<void> | undefined;
  return {
    ready: () => (started ??= starter.then((start) => start())),
    startWith: (start) => setStarter(start),
    asked: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answered: () => {
      if (!current) return;
      current = false;
      listeners.forEach((listener) => listener());
    },
  };
}

export const ConsentStateContext = createContext<ConsentState | null>(null);

const neverAsked = { asked: () => false, subscribe: () => () => {} };

/** True while the consent banner is up: nothing else may ask the person anything then (the survey waits). */
export function useConsentAsked(): boolean {
  const state = use(ConsentStateContext) ?? neverAsked;
  return useSyncExternalStore(state.subscribe, state.asked, state.asked);
}
