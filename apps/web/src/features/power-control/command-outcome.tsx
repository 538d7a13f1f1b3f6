import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandOutcome } from './command-queries.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

const COLOURS = { confirmed: 'green', failed: 'red', 'timed-out': 'yellow' } as const;

/**
 * Follows one command to its outcome and says it once (confirmed, refused by the meter, or no answer in time);
 * the meters are read again so switches show what the meter did. Renders nothing.
 */
export function CommandOutcome({ commandId, label, onSettled }: { commandId: string; label: string; onSettled: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useCommandOutcome(commandId);
  const status = data?.status;
  useEffect(() => {
    if (!status || status === 'pending') return;
    notifications.show({
      id: `power-command-${commandId}`,
      color: COLOURS[status],
      title: t(`power.command.${status}.title`),
      message: t(`power.command.${status}.message`, { target: label, reason: data.failureReason ?? '' }),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.power.meters() });
    onSettled(commandId);
  }, [status, commandId, label, data?.failureReason, onSettled, queryClient, t]);
  return null;
}
