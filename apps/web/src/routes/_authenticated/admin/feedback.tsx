import { createFileRoute, redirect } from '@tanstack/react-router';
import { siteFeedbackFormsQueryOptions } from '../../../features/feedback/feedback-admin-queries.ts';
import { FeedbackAdminPage } from '../../../features/feedback/feedback-admin-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

/** The feedback survey's forms and answers, in the admin area (its layout checks the role): sites that run the survey. */
export const Route = createFileRoute('/_authenticated/admin/feedback')({
  beforeLoad: ({ context }) => {
    if (!context.site.features.includes('FEEDBACK')) throw redirect({ to: '/admin', replace: true });
  },
  loader: ({ context }) => startQuery(context.queryClient, siteFeedbackFormsQueryOptions(context.site.id)),
  component: FeedbackAdminPage,
});
