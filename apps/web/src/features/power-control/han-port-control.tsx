import { Badge, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommandAnswer, HanPortView } from '@portal/schema/power';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { setHanPort, useCommand } from './command-queries.ts';

/** The meter's HAN port (spec §4): open it for a home display or energy manager, close it again. */
export function HanPortControl({
  hanPort,
  onCommand,
}: {
  hanPort: HanPortView;
  onCommand: (answer: CommandAnswer, label: string) => void;
}) {
  const { t } = useTranslation();
  const send = useCommand(setHanPort);
  const pending = !!hanPort.pendingCommand || send.isPending;
  const ask = (action: 'open' | 'close') =>
    openConfirm({
      title: t(`power.han.confirm.${action}.title`),
      children: <Text size="sm">{t(`power.han.confirm.${action}.body`)}</Text>,
      onConfirm: () =>
        send.mutate({ objectId: hanPort.objectId, action }, { onSuccess: (answer) => onCommand(answer, t('power.han.title')) }),
    });
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Text fw={600}>{t('power.han.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('power.han.description')}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {pending && (
          <Badge color="yellow" variant="outline" c="var(--mantine-color-text)" leftSection={<Loader size={10} color="yellow" />}>
            {t('power.command.pending.badge')}
          </Badge>
        )}
        <Switch
          size="lg"
          checked={hanPort.status === 'open'}
          disabled={pending}
          onChange={(event) => ask(event.currentTarget.checked ? 'open' : 'close')}
          aria-label={t('power.han.switch-label')}
        />
      </Group>
    </Group>
  );
}
