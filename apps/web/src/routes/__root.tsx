import { Outlet, createRootRouteWithContext, useMatches } from '@tanstack/react-router';
import { PageShell } from '../app/shell/page-shell.tsx';
import type { RouterContext } from '../app/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: function RootLayout() {
    const withoutShell = useMatches({ select: (matches) => matches.some((match) => match.staticData.withoutShell) });
    return (
      <PageShell withoutHeaderAndFooter={withoutShell}>
        <Outlet />
      </PageShell>
    );
  },
});
