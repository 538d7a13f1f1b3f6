import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change that refreshes what it touched: `send` is the call, and once it has settled (done or refused) every query
 * under `refreshes` is fetched again, so the page shows what the server now holds (decision 023's query keys).
 */
export function useRefreshingMutation<Input, Output>(refreshes: QueryKey, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: refreshes }) });
}
