import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The way to the queue of connection requests, on a network operator's site (docs/decisions/124). */
export function ConnectionRequestsLink() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-connections-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconPlugConnected size={20} aria-hidden />
          <Title order={2} size="h4" id="staff-connections-title">
            {t('connections.queue.title')}
          </Title>
        </Group>
        <Text size="sm">{t('connections.queue.teaser')}</Text>
        <Group>
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/staff/connection-requests" />}>
            {t('connections.queue.link')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
