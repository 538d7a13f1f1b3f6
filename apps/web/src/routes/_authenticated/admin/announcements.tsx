import { createFileRoute, redirect } from '@tanstack/react-router';
import { siteAnnouncementsQueryOptions } from '../../../features/announcements/announcement-admin-queries.ts';
import { AnnouncementsAdminPage } from '../../../features/announcements/announcements-admin-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

/** The site's portal announcements, in the admin area (its layout checks the role): sites with PORTAL_ANNOUNCEMENTS. */
export const Route = createFileRoute('/_authenticated/admin/announcements')({
  beforeLoad: ({ context }) => {
    if (!context.site.features.includes('PORTAL_ANNOUNCEMENTS')) throw redirect({ to: '/admin', replace: true });
  },
  loader: ({ context }) => startQuery(context.queryClient, siteAnnouncementsQueryOptions(context.site.id)),
  component: AnnouncementsAdminPage,
});
