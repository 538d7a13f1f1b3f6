import { createFileRoute, redirect } from '@tanstack/react-router';
import { siteTranslationsQueryOptions } from '../../../features/admin/translation-queries.ts';
import { TranslationsPage } from '../../../features/admin/translations-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

/** The site's own wording of the interface: where the site has ADMIN_LOCALIZATION (decision 073). */
export const Route = createFileRoute('/_authenticated/admin/translations')({
  beforeLoad: ({ context }) => {
    if (!context.site.features.includes('ADMIN_LOCALIZATION')) throw redirect({ to: '/admin', replace: true });
  },
  loader: ({ context }) => startQuery(context.queryClient, siteTranslationsQueryOptions(context.site.id, context.site.defaultLocaleId)),
  component: TranslationsPage,
});
