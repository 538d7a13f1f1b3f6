import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadCommand } from '@portal/schema/power';
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
