import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { meteringPointsQueryOptions } from '../../../features/power-control/metering-point-queries.ts';
import { PowerControlPage } from '../../../features/power-control/power-control-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/power-control')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/power-control', context.site.features)) throw notFound();
  },
  loader: ({ context }) => startQuery(context.queryClient, meteringPointsQueryOptions),
  component: PowerControlPage,
});
