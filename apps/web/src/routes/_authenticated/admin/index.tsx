import { createFileRoute } from '@tanstack/react-router';
import { siteSettingsQueryOptions } from '../../../features/admin/site-settings-queries.ts';
import { SiteSettingsPage } from '../../../features/admin/site-settings-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

/** The site's settings: zone, languages, addresses, titles, features, links and theme. */
export const Route = createFileRoute('/_authenticated/admin/')({
  loader: ({ context }) => startQuery(context.queryClient, siteSettingsQueryOptions(context.site.id)),
  component: SiteSettingsPage,
});
