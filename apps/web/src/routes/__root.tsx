import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { PageShell } from '../app/shell/page-shell.tsx';
import type { RouterContext } from '../app/router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <PageShell>
      <Outlet />
    </PageShell>
  ),
});
