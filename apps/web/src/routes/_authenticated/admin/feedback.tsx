import { createFileRoute, redirect } from '@tanstack/react-router';
import { siteFeedbackFormsQueryOptions } from '../../../features/feedback/feedback-admin-queries.ts';
import { FeedbackAdminPage } from '../../../features/feedback/feedback-admin-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';
import { actorInfoQueryOptions } from '../../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../../shared/auth/landing.ts';

/** The feedback survey's forms and answers: site administrators of a site that runs the survey only. */
export const Route = createFileRoute('/_authenticated/admin/feedback')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('site-admin') || !context.site.features.includes('FEEDBACK')) {
      throw redirect({ href: landingPathFor(info), replace: true });
    }
  },
  loader: ({ context }) => startQuery(context.queryClient, siteFeedbackFormsQueryOptions(context.site.id)),
  component: FeedbackAdminPage,
});
