import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState, type LoadingQuery } from './load-state.tsx';

type Props<T> = {
  /** The list once its call answered; undefined until then. */
  items: T[] | undefined;
  /** The call that brings the list: while it runs, is slow or failed, the list says so (LoadState). */
  query: LoadingQuery;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string | number;
  /** Screen 2: three placeholder rows by default while loading. */
  skeletonCount?: number;
  skeletonHeight?: number;
  emptyTitle?: string;
  emptyDescription?: string;
  'aria-label'?: string;
};

/** Screen 2: the reusable list with its loading state (slow and failed calls too) and an empty state. */
export function ListLayout<T>({
  items,
  query,
  renderItem,
  getKey,
  skeletonCount = 3,
  skeletonHeight = 72,
  emptyTitle,
  emptyDescription,
  'aria-label': ariaLabel,
}: Props<T>) {
  const { t } = useTranslation();
  if (!items) return <LoadState query={query} count={skeletonCount} height={skeletonHeight} />;
  if (items.length === 0) {
    return <EmptyState title={emptyTitle ?? t('list.empty.title')} description={emptyDescription ?? t('list.empty.description')} />;
  }
  return (
    <Stack gap="sm" component="ul" aria-label={ariaLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={getKey(item)}>{renderItem(item)}</li>
      ))}
    </Stack>
  );
}

export function EmptyState({ title, description, icon }: { title: string; description?: string; icon?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        {icon ?? <IconInbox size={30} />}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
