import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalSession } from '@portal/schema/identity';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** GET /api/auth/session: Auth.js answers `null` when signed out. */
export async function getSession(): Promise<PortalSession | null> {
  const session = await api<PortalSession | null>('/api/auth/session');
  // Older Auth.js versions answer `{}` for "no session"; both mean signed out.
  return session?.user ? session : null;
}

export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.auth.session(),
  queryFn: getSession,
  // A sign-out in another tab should show here when the person comes back.
  refetchOnWindowFocus: true,
});

/** Spec §4 session status: loading, authenticated or unauthenticated, with the session when there is one. */
export function useSession(): { status: SessionStatus; session: PortalSession | null } {
  const { data, isPending } = useQuery(sessionQueryOptions);
  if (isPending) return { status: 'loading', session: null };
  return data ? { status: 'authenticated', session: data } : { status: 'unauthenticated', session: null };
}
