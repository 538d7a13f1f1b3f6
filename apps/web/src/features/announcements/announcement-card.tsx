import { Alert, CloseButton, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { AnnouncementSeverity } from '@portal/schema/announcements';
import { useTranslation } from 'react-i18next';
import classes from './announcement-card.module.css';

const LOOK = {
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  critical: { color: 'red', Icon: IconAlertOctagon },
} as const;

type Props = {
  severity: AnnouncementSeverity;
  title: string;
  /** HTML the server sanitised (spec §3) when it was saved and again when it was read. */
  body: string;
  onDismiss?: () => void;
};

/**
 * One announcement as the customer sees it: severity by colour and icon, and in words for those who see neither
 * (the hidden severity before the title). The title is text; only the body is the server's sanitised HTML.
 */
export function AnnouncementCard({ severity, title, body, onDismiss }: Props) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[severity];
  return (
    <Alert
      variant="light"
      color={color}
      icon={<Icon aria-hidden />}
      // A critical notice interrupts; the others wait their turn.
      role={severity === 'critical' ? 'alert' : 'status'}
      data-severity={severity}
      // Mantine's light title colours (yellow above all) are below 4.5:1 on their backgrounds; the text colour is not.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={
        <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
          <Text component="span" fw={700}>
            <VisuallyHidden>{t(`announcements.severity.${severity}`)}: </VisuallyHidden>
            {title}
          </Text>
          {onDismiss && <CloseButton size="sm" data-dismiss aria-label={t('announcements.dismiss', { title })} onClick={onDismiss} />}
        </Group>
      }
    >
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: body }} />
    </Alert>
  );
}
