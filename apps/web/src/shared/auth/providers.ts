import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

/** One entry of GET /api/auth/providers, as Auth.js describes its configured providers. */
export type AuthProvider = {
  /** 'eid' (bank links, Smart-ID, ID card, Mobile-ID), 'telecom', or 'email' on e-mail-only sites. */
  id: string;
  name: string;
  type: 'oidc' | 'email';
  signinUrl: string;
  callbackUrl: string;
};

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
