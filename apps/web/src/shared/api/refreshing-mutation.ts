import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

type Options<Input, Output> = {
  /** What to do with the server's answer first, such as putting the saved record in the cache (`setQueryData`). */
  onSuccess?: (output: Output, input: Input) => unknown;
};

/**
 * A change that refreshes what it touched: `send` is the call, and once it has settled (done or refused) every query
 * under `refreshes` is fetched again, so the page shows what the server now holds (decision 023's query keys). A key
 * that depends on what was sent (one metering point's readings) is given as a function of the input. The mutation
 * stays pending until the refresh has come, so a page never shows "saved" beside the old data.
 */
export function useRefreshingMutation<Input, Output>(
  refreshes: QueryKey | ((input: Input) => QueryKey),
  send: (input: Input) => Promise<Output>,
  { onSuccess }: Options<Input, Output> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess,
    onSettled: (_output, _error, input) =>
      queryClient.invalidateQueries({ queryKey: typeof refreshes === 'function' ? refreshes(input) : refreshes }),
  });
}
