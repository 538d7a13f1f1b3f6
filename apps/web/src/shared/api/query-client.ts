import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { showApiError } from './api-error-notification.ts';

/** Spec §9: unused data is kept 60 s; every failed query or mutation raises the api-error notification. */
export function createQueryClient(i18n: I18n) {
  const report = (error: unknown) => showApiError(error, i18n.t, (key) => i18n.exists(key));
  return new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: { gcTime: 60_000, staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
