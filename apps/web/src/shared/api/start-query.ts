import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A route loader starts its page's data with the navigation (and on hover, as routes preload on intent) without
 * holding the page back: the page's own query shows the loading and, through the api-error notification, a failure.
 */
export function startQuery<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): void {
  queryClient.ensureQueryData(options).catch(() => undefined);
}
