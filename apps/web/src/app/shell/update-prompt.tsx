import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWaitingUpdate } from '../../shared/push/service-worker-updates.ts';

/** The update prompt (docs/decisions/045): a new release was deployed and its service worker waits. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const update = useWaitingUpdate();
  if (!update.available) return null;
  return (
    <Alert color="blue" variant="light" title={t('pwa.update.title')} role="status" m="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('pwa.update.body')}</Text>
        <Button size="xs" onClick={update.apply}>
          {t('pwa.update.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
