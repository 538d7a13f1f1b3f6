import { createFileRoute } from '@tanstack/react-router';
import { auditPageQueryOptions } from '../../../features/admin/audit-queries.ts';
import { AuditPage } from '../../../features/admin/audit-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

/** The site's audit log, filtered, paged and exported as CSV. */
export const Route = createFileRoute('/_authenticated/admin/audit')({
  loader: ({ context }) => startQuery(context.queryClient, auditPageQueryOptions(context.site.id, {}, 1)),
  component: AuditPage,
});
