import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { recentCustomersQueryOptions } from './staff-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** Whom this staff member last opened or acted for: a caller rings back, the customer is one click away. */
export function RecentCustomers({ onOpen }: { onOpen: (clientCode: string) => void }) {
  const { t } = useTranslation();
  const site = useSite();
  const recent = useQuery(recentCustomersQueryOptions);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-recent-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconHistory size={20} aria-hidden />
          <Title order={2} size="h4" id="staff-recent-title">
            {t('staff.recent.title')}
          </Title>
        </Group>
        {!recent.data ? (
          <LoadState query={recent} height={80} />
        ) : recent.data?.length ? (
          <List listStyleType="none" spacing="xs" aria-labelledby="staff-recent-title">
            {recent.data.map((customer) => (
              <List.Item key={customer.clientCode}>
                <Anchor component="button" type="button" onClick={() => onOpen(customer.clientCode)} fw={600}>
                  {customer.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {customer.clientCode} · {formatDateTime(customer.lastOpenedAt, site.timezone)}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('staff.recent.empty')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
