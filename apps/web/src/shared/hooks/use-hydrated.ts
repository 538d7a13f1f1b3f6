import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React takes over a page the server drew (docs/decisions/088), true otherwise: a part that the server
 * drew without data draws the same while it is taken over, then at once with what the browser already has.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
