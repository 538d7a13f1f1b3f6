import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeControlRequest, CommandAnswer, HanPortAction } from '@portal/schema/power';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** POST /api/load-controls/change-control: a load's relay or the object's supply. */
export function changeControl(change: ChangeControlRequest): Promise<CommandAnswer> {
  return api<CommandAnswer>('/api/load-controls/change-control', { method: 'POST', body: change });
}

/** POST /api/load-controls/han-port-status/{objectId} with the action (spec §4, §7). */
export function setHanPort({ objectId, action }: { objectId: string; action: HanPortAction }): Promise<CommandAnswer> {
  return api<CommandAnswer>(`/api/load-controls/han-port-status/${encodeURIComponent(objectId)}`, { method: 'POST', body: { action } });
}

/** POST /api/load-controls/read-live-readings/{objectId}: the meter reads now. */
export function readLiveReadings(objectId: string): Promise<CommandAnswer> {
  return api<CommandAnswer>(`/api/load-controls/read-live-readings/${encodeURIComponent(objectId)}`, { method: 'POST' });
}

/** A command call; afterwards the meters are read again so the switch shows the command as pending. */
export function useCommand<T>(send: (input: T) => Promise<CommandAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.power.meters() }),
  });
}
