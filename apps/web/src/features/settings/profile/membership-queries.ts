import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Membership } from '@portal/schema/settings';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/membership (spec §7, MEMBERSHIP_NUMBER): the acting customer's member number. */
export const membershipQueryOptions = queryOptions({
  queryKey: queryKeys.me.membership(),
  queryFn: () => api<Membership>('/api/me/membership'),
});

export const useMembership = ({ enabled }: { enabled: boolean }) => useQuery({ ...membershipQueryOptions, enabled });
