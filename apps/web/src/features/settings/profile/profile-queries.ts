import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '@portal/schema/identity';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** PUT /api/me: a new e-mail address is only mailed a confirmation link; the answer says which is pending. */
export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return api<Profile>('/api/me', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.me.profile(), profile),
  });
}

/** POST /api/me/email-confirmation with the token of the mailed link. */
export function confirmEmail(token: string): Promise<Profile> {
  return api<Profile>('/api/me/email-confirmation', { method: 'POST', body: { token } });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.me.profile(), profile),
  });
}
