import { Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useSession } from '../../shared/auth/session.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AnnouncementCard } from './announcement-card.tsx';
import { currentAnnouncementsQueryOptions } from './announcement-queries.ts';
import { dismissAnnouncement, dismissedAnnouncements } from './dismissed-announcements.ts';

/**
 * The pages that show announcements (docs/decisions/059-portal-announcements.md): the overviews a customer comes
 * back to, not the steps of a task (signing, paying, moving out), where a banner would push the task down.
 */
export const ANNOUNCEMENT_PAGES: readonly string[] = ['/dashboard', '/invoices', '/contracts'];

/** The shell's announcement banners, on a site with PORTAL_ANNOUNCEMENTS, for the customer acted for. */
export function AnnouncementBanners({ pathname }: { pathname: string }) {
  const site = useSite();
  const { session } = useSession();
  const shown = site.features.includes('PORTAL_ANNOUNCEMENTS') && ANNOUNCEMENT_PAGES.includes(pathname.replace(/\/$/, ''));
  const info = useActorInfo({ enabled: !!session && shown });
  const clientId = shown && session ? (info.data?.customer?.clientCode ?? null) : null;
  return clientId ? <Banners clientId={clientId} /> : null;
}

function Banners({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const announcements = useQuery(currentAnnouncementsQueryOptions(clientId, i18n.language));
  const [dismissed, setDismissed] = useState(() => dismissedAnnouncements(clientId));
  const region = useRef<HTMLDivElement>(null);
  const visible = (announcements.data ?? []).filter((item) => !dismissed.includes(item.id));
  if (visible.length === 0) return null;
  return (
    <Container ref={region} size="lg" pt="md" component="section" aria-label={t('announcements.region')}>
      <Stack gap="sm">
        {visible.map((item) => (
          <AnnouncementCard
            key={item.id}
            severity={item.severity}
            title={item.title}
            body={item.body}
            onDismiss={() => {
              dismissAnnouncement(clientId, item.id);
              setDismissed((ids) => [...ids, item.id]);
              // The closed banner took the keyboard focus with it: hand it to the next banner, else to the page.
              requestAnimationFrame(() => {
                const next = region.current?.querySelector<HTMLButtonElement>('[data-dismiss]');
                (next ?? document.getElementById('main'))?.focus();
              });
            }}
          />
        ))}
      </Stack>
    </Container>
  );
}
