import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Past this a call still under way is called slow and may be tried again (issue 27: "over ~15 s"). */
export const SLOW_CALL_MS = 15_000;

/** What the loading state reads of a TanStack query (a `useQuery` result is one). */
export type LoadingQuery = {
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: (options?: { cancelRefetch?: boolean }) => unknown;
};

/** Whether a call has been under way longer than `ms`; false again as soon as it ends. */
export function useSlowCall(fetching: boolean, ms = SLOW_CALL_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!fetching) return;
    const timer = setTimeout(() => setSlow(true), ms);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [fetching, ms]);
  return fetching && slow;
}

type Props = {
  query: LoadingQuery;
  /** Placeholders of the content's shape: how many and how tall. */
  count?: number;
  height?: number;
  /** What is loading, for screen readers ("Loading list" by default). */
  label?: string;
  /** Placeholders of another shape than `count` blocks of `height`. */
  children?: ReactNode;
};

/**
 * Stands in for content until its call answers (issue 27): skeletons that say they are loading; after
 * SLOW_CALL_MS, or when the browser is offline, a note that it takes long, with a retry; when the call failed, that it
 * failed, with a retry, never an empty list or skeletons forever. A retry drops the call under way and asks again.
 */
export function LoadState({ query, count = 1, height = 120, label, children }: Props) {
  const { t } = useTranslation();
  const slow = useSlowCall(query.fetchStatus === 'fetching') || query.fetchStatus === 'paused';
  const retry = () => void query.refetch({ cancelRefetch: true });
  if (query.isError && query.fetchStatus !== 'fetching') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('load.failed.title')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('load.failed.description')}</Text>
          <Button size="xs" variant="default" onClick={retry}>
            {t('load.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label ?? t('list.loading')}>
      {slow && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 aria-hidden />}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('load.slow')}</Text>
            <Button size="xs" variant="default" onClick={retry}>
              {t('load.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {children ??
        Array.from({ length: count }, (_, index) => <Skeleton key={index} height={height} radius="md" data-testid="list-skeleton" />)}
    </Stack>
  );
}

/** Several calls a content waits for, as one: failed if any failed, under way while any is; a retry asks them all. */
export function allOf(...queries: LoadingQuery[]): LoadingQuery {
  const status = (wanted: LoadingQuery['fetchStatus']) => queries.some((query) => query.fetchStatus === wanted);
  return {
    isError: queries.some((query) => query.isError),
    fetchStatus: status('fetching') ? 'fetching' : status('paused') ? 'paused' : 'idle',
    refetch: (options) => Promise.all(queries.map((query) => query.refetch(options))),
  };
}
