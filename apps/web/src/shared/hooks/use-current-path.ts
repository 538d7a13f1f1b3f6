import { useRouterState } from '@tanstack/react-router';

/** Path and query of the page, the form a sign-in callback takes (never the origin or the hash). */
export function useCurrentPath(): string {
  return useRouterState({ select: (state) => `${state.location.pathname}${state.location.searchStr}` });
}
