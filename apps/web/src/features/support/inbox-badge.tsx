import { ActionIcon, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { inboxQueryOptions } from './inbox-queries.ts';

/** The header's way to the inbox, with the number of unread messages (spec §2). */
export function InboxBadge() {
  const { t, i18n } = useTranslation();
  const unread = useQuery({ ...inboxQueryOptions(i18n.language), select: (inbox) => inbox.unreadCount }).data ?? 0;
  const label = unread > 0 ? t('inbox.link-unread', { count: unread }) : t('inbox.title');
  return (
    <Indicator label={unread} size={18} disabled={unread === 0} offset={4} aria-hidden={false}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="inbox-badge"
        renderRoot={(props) => <Link {...props} to="/inbox" />}
      >
        <IconMail size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
