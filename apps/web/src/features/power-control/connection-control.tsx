import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommandAnswer, ConnectionStatusView } from '@portal/schema/power';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { changeControl, useCommand } from './command-queries.ts';

type Props = {
  connection: ConnectionStatusView;
  canSwitch: boolean;
  address: string;
  onCommand: (answer: CommandAnswer, label: string) => void;
};

/** The object's grid connection, and connecting or disconnecting it where the meter has a remote breaker. */
export function ConnectionControl({ connection, canSwitch, address, onCommand }: Props) {
  const { t } = useTranslation();
  const send = useCommand(changeControl);
  const connected = connection.status === 'connected';
  const pending = !!connection.pendingCommand || send.isPending;
  const next = connected ? 'disconnected' : 'connected';
  const ask = () =>
    openConfirm({
      title: t(`power.connection.confirm.${next}.title`),
      children: <Text size="sm">{t(`power.connection.confirm.${next}.body`, { address })}</Text>,
      danger: connected,
      onConfirm: () =>
        send.mutate(
          { target: 'connection', objectId: connection.objectId, state: next },
          { onSuccess: (answer) => onCommand(answer, address) },
        ),
    });
  return (
    <Group gap="sm" wrap="wrap">
      <Badge color={connected ? 'green' : 'gray'} variant="dot" size="lg">
        {t(`power.connection.${connection.status}`)}
      </Badge>
      {canSwitch && connection.remoteSwitching && (
        <Button
          size="xs"
          variant={connected ? 'light' : 'filled'}
          color={connected ? 'red' : undefined}
          onClick={ask}
          disabled={pending}
          leftSection={pending ? <Loader size={12} /> : undefined}
        >
          {pending ? t('power.command.pending.badge') : t(`power.connection.action.${next}`)}
        </Button>
      )}
    </Group>
  );
}
