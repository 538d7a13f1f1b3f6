import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sendClientLog } from '../../shared/api/client-log.ts';
import { COOKIE, readCookie } from '../../shared/cookies.ts';

/**
 * Screen 3: shown on an uncaught rendering error. The code is the browser's user id, so customer service
 * can find this report in the client log.
 */
export function ErrorScreen({ error, info }: ErrorComponentProps) {
  const { t } = useTranslation();
  const code = readCookie(COOKIE.userId) ?? '—';
  useEffect(() => {
    void sendClientLog({
      level: 'error',
      message: error instanceof Error ? error.message : String(error),
      payload: {
        stack: error instanceof Error ? error.stack : undefined,
        componentStack: info?.componentStack,
        url: window.location.href,
      },
    });
  }, [error, info]);
  return (
    <Center mih="70dvh" p="xl" component="section" role="alert">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Title order={1}>{t('error-screen.title')}</Title>
        <Text>{t('error-screen.description')}</Text>
        <Text size="sm" ff="monospace" data-testid="error-code">
          {t('error-screen.code', { code })}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('error-screen.btn')}</Button>
      </Stack>
    </Center>
  );
}
