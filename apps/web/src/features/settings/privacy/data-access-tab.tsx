import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataAccessEntry } from '@portal/schema/data-access';
import { formatDateTime } from '../../../shared/format/site-time.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { EmptyState } from '../../../shared/ui/list-layout.tsx';
import { dataAccessQueryOptions } from './data-access-queries.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

/**
 * "Who looked at my data" (docs/decisions/076): each visit of customer service to the customer's data, newest first,
 * with the role and the part of the data, not the staff member's name.
 */
export function DataAccessTab() {
  const { t } = useTranslation();
  const site = useSite();
  const [page, setPage] = useState(1);
  const access = useQuery(dataAccessQueryOptions(page));
  const when = (entry: DataAccessEntry) => {
    const first = formatDateTime(entry.firstAt, site.timezone);
    const last = formatDateTime(entry.lastAt, site.timezone);
    return first === last ? first : `${first} – ${last.slice(first.slice(0, 10) === last.slice(0, 10) ? 11 : 0)}`;
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.tab.data-access')}
        </Title>
        <Text c="dimmed">{t('data-access.description')}</Text>
      </Stack>
      {!access.data ? (
        <LoadState query={access} height={160} />
      ) : !access.data?.entries.length && page === 1 ? (
        <EmptyState title={t('data-access.empty.title')} description={t('data-access.empty.description')} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('data-access.list-label')} data-testid="data-access">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('data-access.when')}</Table.Th>
                <Table.Th scope="col">{t('data-access.who')}</Table.Th>
                <Table.Th scope="col">{t('data-access.what')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {access.data?.entries.map((entry) => (
                <Table.Tr key={`${entry.firstAt}-${entry.area}-${entry.kind}-${entry.role}`}>
                  <Table.Td>{when(entry)}</Table.Td>
                  <Table.Td>{t(`data-access.role.${entry.role}`)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge variant="filled" color={entry.kind === 'change' ? STATUS_COLOURS.waiting : STATUS_COLOURS.info}>
                        {t(`data-access.kind.${entry.kind}`)}
                      </Badge>
                      <Text size="sm">{t(`data-access.area.${entry.area}`)}</Text>
                      {entry.calls > 1 && (
                        <Text size="xs" c="dimmed">
                          {t('data-access.calls', { count: entry.calls })}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {access.data && (page > 1 || access.data.hasMore) && (
        <Group justify="center" gap="sm">
          <Button variant="default" size="compact-md" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('data-access.newer')}
          </Button>
          <Text size="sm">{t('data-access.page', { page })}</Text>
          <Button variant="default" size="compact-md" disabled={!access.data.hasMore} onClick={() => setPage(page + 1)}>
            {t('data-access.older')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
