import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NotificationDelivery } from '@portal/schema/settings';
import { formatDateTime } from '../../../shared/format/site-time.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { useNotificationHistory } from './notification-history-queries.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark, striped rows included. */
const STATUS_COLOUR: Record<NotificationDelivery['status'], string> = {
  queued: STATUS_COLOURS.info,
  sent: STATUS_COLOURS.done,
  failed: STATUS_COLOURS.problem,
};

/** What was sent to the customer and when (issue 10): the newest alerts first, each channel and recipient on its own row. */
export function NotificationHistory() {
  const { t } = useTranslation();
  const site = useSite();
  const query = useNotificationHistory();
  const history = query.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="notification-history-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="notification-history-title">
          {t('settings.history.title')}
        </Title>
        <Text c="dimmed">{t('settings.history.description')}</Text>
      </Stack>
      {!history ? (
        <LoadState query={query} height={120} />
      ) : history.length === 0 ? (
        <Text>{t('settings.history.empty')}</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={560}
          // A table wider than a phone scrolls sideways: the keyboard must reach it (axe scrollable-region-focusable).
          scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-labelledby': 'notification-history-title' } }}
        >
          <Table striped aria-labelledby="notification-history-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.history.time')}</Table.Th>
                <Table.Th>{t('settings.history.message')}</Table.Th>
                <Table.Th>{t('settings.history.channel')}</Table.Th>
                <Table.Th>{t('settings.history.recipient')}</Table.Th>
                <Table.Th>{t('settings.history.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.sentAt ?? entry.createdAt, site.timezone)}</Table.Td>
                  <Table.Td>{entry.title}</Table.Td>
                  <Table.Td>{t(`settings.notifications.channel.${entry.channel}`)}</Table.Td>
                  <Table.Td>{entry.recipient}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOUR[entry.status]} variant="filled">
                      {t(`settings.history.status.${entry.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
