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
  /** Resolves once the consent library has started with the site's categories: what the banner's buttons wait for. */
  started: Promise<void>;
  markStarted: () => void;
};

export function createConsentState(asked: boolean): ConsentState {
  let current = asked;
  const listeners = new Set<() => void>();
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  return {
    started,
    markStarted,
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
