import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { LoadCommand, ChangeControlRequest, CommandAnswer, HanPortAction } from '@portal/schema/power';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/load-controls/commands/{commandId}: a command and its outcome. */
export function getCommand(commandId: string): Promise<LoadCommand> {
  return api<LoadCommand>(`/api/load-controls/commands/${encodeURIComponent(commandId)}`);
}

/** Follows a command until the meter answered or the portal gave up waiting. */
export const commandQueryOptions = (commandId: string) =>
  queryOptions({
    queryKey: queryKeys.power.command(commandId),
    queryFn: () => getCommand(commandId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1500 : false),
  });

export const useCommandOutcome = (commandId: string | null) => useQuery({ ...commandQueryOptions(commandId ?? ''), enabled: !!commandId });

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
  return useRefreshingMutation(queryKeys.power.meters(), send);
}
