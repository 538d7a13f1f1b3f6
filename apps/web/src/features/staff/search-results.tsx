import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListLayout } from '../../shared/ui/list-layout.tsx';
import { customerSearchQueryOptions } from './staff-queries.ts';
import classes from './staff-page.module.css';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

type Props = {
  q: string;
  page: number;
  selected: string | undefined;
  onOpen: (clientCode: string) => void;
  onPage: (page: number) => void;
};

/** The customers a search found, best first, each with what it matched on; a page of ten at a time. */
export function SearchResults({ q, page, selected, onOpen, onPage }: Props) {
  const { t } = useTranslation();
  const search = useQuery(customerSearchQueryOptions({ q, page }));
  const results = search.data?.results;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {search.data ? t('staff.results.count', { count: results?.length ?? 0, q }) : ''}
      </Text>
      <ListLayout
        items={results}
        query={search}
        getKey={(result) => result.clientCode}
        aria-label={t('staff.results.label')}
        emptyTitle={t('staff.results.empty.title')}
        emptyDescription={t('staff.results.empty.description')}
        renderItem={(result) => (
          <UnstyledButton
            className={classes.result}
            data-selected={result.clientCode === selected || undefined}
            aria-current={result.clientCode === selected ? 'true' : undefined}
            onClick={() => onOpen(result.clientCode)}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0}>
                <Text fw={600}>{result.name}</Text>
                <Text size="sm" c="dimmed">
                  {result.clientCode}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Badge variant="filled" color={STATUS_COLOURS.neutral} size="sm">
                  {t(`staff.field.${result.matchedOn}`)}
                </Badge>
                <Text size="xs" c="dimmed" ta="right">
                  {result.matchedText}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        )}
      />
      {search.data && (page > 1 || search.data.hasMore) && (
        <Group justify="center" gap="sm">
          <Button variant="default" size="compact-md" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('staff.results.previous')}
          </Button>
          <Text size="sm">{t('staff.results.page', { page })}</Text>
          <Button variant="default" size="compact-md" disabled={!search.data.hasMore} onClick={() => onPage(page + 1)}>
            {t('staff.results.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
