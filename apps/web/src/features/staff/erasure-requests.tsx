import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffErasureRequest } from '@portal/schema/erasure';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { erasureRequestsQueryOptions, useCarryOutErasure } from './staff-queries.ts';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

/** Requests to close an account (GDPR Art. 17, docs/decisions/122) waiting on this site, each carried out after a confirmation. */
export function ErasureRequests() {
  const { t } = useTranslation();
  const site = useSite();
  const queue = useQuery(erasureRequestsQueryOptions);
  const carryOut = useCarryOutErasure();
  const confirm = (request: StaffErasureRequest) =>
    openConfirm({
      title: t('staff.erasure.confirm-title', { name: request.customerName, clientCode: request.clientCode }),
      children: t('staff.erasure.confirm-body'),
      danger: true,
      onConfirm: () =>
        carryOut.mutate(request.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('staff.erasure.done', { clientCode: request.clientCode }) }),
        }),
    });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-erasure-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconUserOff size={20} aria-hidden />
          <Title order={2} size="h4" id="staff-erasure-title">
            {t('staff.erasure.title')}
          </Title>
        </Group>
        {!queue.data ? (
          <LoadState query={queue} height={60} />
        ) : queue.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('staff.erasure.empty')}
          </Text>
        ) : (
          <List listStyleType="none" spacing="sm" aria-labelledby="staff-erasure-title" data-testid="erasure-requests">
            {queue.data.map((request) => (
              <List.Item key={request.id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {request.customerName} ({request.clientCode})
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('staff.erasure.asked', { date: formatDateTime(request.requestedAt, site.timezone) })}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    color={STATUS_COLOURS.problem}
                    variant="outline"
                    aria-label={t('staff.erasure.carry-out-label', { name: request.customerName, clientCode: request.clientCode })}
                    loading={carryOut.isPending && carryOut.variables === request.id}
                    onClick={() => confirm(request)}
                  >
                    {t('staff.erasure.carry-out')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
