import { createFileRoute, redirect } from '@tanstack/react-router';
import { siteAnnouncementsQueryOptions } from '../../../features/announcements/announcement-queries.ts';
import { AnnouncementsAdminPage } from '../../../features/announcements/announcements-admin-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';
import { actorInfoQueryOptions } from '../../../shared/auth/actor-info.ts';

/** The site's portal announcements: site administrators of a site with PORTAL_ANNOUNCEMENTS only. */
export const Route = createFileRoute('/_authenticated/admin/announcements')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('site-admin') || !context.site.features.includes('PORTAL_ANNOUNCEMENTS')) {
      throw redirect({ to: '/workspace', replace: true });
    }
  },
  loader: ({ context }) => startQuery(context.queryClient, siteAnnouncementsQueryOptions(context.site.id)),
  component: AnnouncementsAdminPage,
});
