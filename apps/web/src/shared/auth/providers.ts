import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProvider } from '@portal/schema/identity';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

export async function getProviders(): Promise<AuthProvider[]> {
  const providers = await api<Record<string, AuthProvider> | null>('/api/auth/providers');
  return Object.values(providers ?? {});
}

export const providersQueryOptions = queryOptions({
  queryKey: queryKeys.auth.providers(),
  queryFn: getProviders,
  // Configured per site at deploy time: one fetch per visit is enough.
  staleTime: Infinity,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}
