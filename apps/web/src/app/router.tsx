import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen.ts';
import { ErrorScreen } from './shell/error-screen.tsx';
import { NotFoundPage } from './shell/not-found-page.tsx';

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** Pages that bring their own frame (the authentication pages) and are shown without header and footer. */
    withoutShell?: boolean;
  }
}
