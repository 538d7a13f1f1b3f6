import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { ApiError } from './api-error.ts';
import { showApiError } from './api-error-notification.ts';
import { queryKeys } from './query-keys.ts';

/** Spec §9: unused data is kept 60 s; every failed query or mutation raises the api-error notification. */
export function createQueryClient(i18n: I18n) {
  const report = (error: unknown) => {
    // The server wants a fresh e-ID verification before this change (spec §4): the page's re-verification prompt
    // asks for it, whatever the client's own clock thought.
    if (error instanceof ApiError && error.code === 'REVERIFICATION_REQUIRED') {
      queryClient.setQueryData(queryKeys.auth.reverificationDemanded(), true);
    }
    showApiError(error, i18n.t, (key) => i18n.exists(key));
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: { gcTime: 60_000, staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  return queryClient;
}
