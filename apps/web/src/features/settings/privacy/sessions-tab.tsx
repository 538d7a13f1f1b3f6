import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDeviceTv, IconDevices } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '@portal/schema/sessions';
import { formatDateTime } from '../../../shared/format/site-time.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { sessionsQueryOptions, useSignOutOtherSessions, useSignOutSession } from './sessions-queries.ts';
import { openConfirm } from '../../../shared/ui/confirm-modal.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

const DEVICE_ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  tv: IconDeviceTv,
  other: IconDevices,
} as const;

/** Active sessions (docs/decisions/077): where the person is signed in, and signing one or all others out. */
export function SessionsTab() {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions);
  const others = useSignOutOtherSessions();
  const confirmOthers = () =>
    openConfirm({
      title: t('sessions.confirm.title'),
      children: t('sessions.confirm.body'),
      labels: { confirm: t('sessions.confirm.yes'), cancel: t('sessions.confirm.cancel') },
      danger: true,
      onConfirm: () =>
        others.mutate(undefined, {
          onSuccess: ({ signedOut }) =>
            notifications.show({ color: 'green', message: t('sessions.signed-out-others', { count: signedOut }) }),
        }),
    });
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.tab.sessions')}
        </Title>
        <Text c="dimmed">{t('sessions.description')}</Text>
      </Stack>
      {!sessions.data ? (
        <LoadState query={sessions} height={120} />
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('sessions.list-label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data?.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Stack>
      )}
      {hasOthers && (
        <Group>
          <Button variant="light" color="red" loading={others.isPending} onClick={confirmOthers}>
            {t('sessions.sign-out-others')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const { t } = useTranslation();
  const site = useSite();
  const signOut = useSignOutSession();
  const Icon = DEVICE_ICONS[session.device];
  const browser = session.browser ?? t('sessions.unknown-browser');
  const device = t(`sessions.device.${session.device}`);
  return (
    <Card component="li" withBorder padding="md" data-testid="session" data-current={session.current || undefined}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon size={28} aria-hidden />
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{[browser, session.os].filter(Boolean).join(' · ')}</Text>
              {session.current && (
                <Badge variant="filled" color={STATUS_COLOURS.done}>
                  {t('sessions.this')}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {device} · {t('sessions.site', { site: session.siteName })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('sessions.started', { at: formatDateTime(session.startedAt, site.timezone) })} ·{' '}
              {t('sessions.last-used', { at: formatDateTime(session.lastUsedAt, site.timezone) })}
            </Text>
          </Stack>
        </Group>
        {!session.current && (
          <Button
            variant="default"
            size="compact-sm"
            loading={signOut.isPending}
            aria-label={t('sessions.sign-out-label', { browser, device })}
            onClick={() =>
              signOut.mutate(session.id, { onSuccess: () => notifications.show({ color: 'green', message: t('sessions.signed-out') }) })
            }
          >
            {t('sessions.sign-out')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
