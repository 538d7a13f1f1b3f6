import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@portal/schema/identity';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * GET /api/me (spec §7): the signed-in person's own details, read by the profile settings and by forms that start
 * from what is on file (the support form's e-mail and phone).
 */
export function getProfile(): Promise<Profile> {
  return api<Profile>('/api/me');
}

export const profileQueryOptions = queryOptions({ queryKey: queryKeys.me.profile(), queryFn: getProfile });

export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...profileQueryOptions, enabled });
