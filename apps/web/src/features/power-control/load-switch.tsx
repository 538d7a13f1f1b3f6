import { Badge, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommandAnswer, ControllableLoad } from '@portal/schema/power';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { formatNumber } from '../../shared/format/energy-format.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { changeControl, useCommand } from './command-queries.ts';

type Props = { load: ControllableLoad; onCommand: (answer: CommandAnswer, label: string) => void };

/** One relay: its switch asks first, then shows the command as pending until the meter answers. */
export function LoadSwitch({ load, onCommand }: Props) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const send = useCommand(changeControl);
  const pending = !!load.pendingCommand || send.isPending;
  const kind = t(`power.load.kind.${load.kind}`);
  const ask = (state: 'on' | 'off') =>
    openConfirm({
      title: t(`power.load.confirm.${state}.title`, { name: load.name }),
      children: <Text size="sm">{t(`power.load.confirm.${state}.body`, { name: load.name })}</Text>,
      danger: state === 'off',
      onConfirm: () => send.mutate({ target: 'load', loadId: load.id, state }, { onSuccess: (answer) => onCommand(answer, load.name) }),
    });
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={`load-${load.id}`}>
      <Stack gap={2}>
        <Text fw={600}>{load.name}</Text>
        <Text size="sm" c="dimmed">
          {t('power.load.details', { kind, relay: load.relay, kw: formatNumber(load.ratedKw, i18n.language, 1) })}
        </Text>
        {load.stateChangedAt && (
          <Text size="xs" c="dimmed">
            {t('power.load.changed', { time: formatDateTime(load.stateChangedAt, site.timezone) })}
          </Text>
        )}
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {pending && (
          <Badge color="yellow" variant="outline" c="var(--mantine-color-text)" leftSection={<Loader size={10} color="yellow" />}>
            {t('power.command.pending.badge')}
          </Badge>
        )}
        <Switch
          size="lg"
          checked={load.state === 'on'}
          disabled={pending}
          onChange={(event) => ask(event.currentTarget.checked ? 'on' : 'off')}
          aria-label={t('power.load.switch-label', { name: load.name })}
        />
      </Group>
    </Group>
  );
}
