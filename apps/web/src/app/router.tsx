import type { QueryClient } from '@tanstack/react-query';
import type { SiteBootstrap } from '@portal/schema/site';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen.ts';
import type { RouterContext } from './router-context.ts';
import { ErrorScreen } from './shell/error-screen.tsx';
import { NotFoundPage } from './shell/not-found-page.tsx';

/**
 * In the browser with its own history; on the server (entry-server.tsx) with the one address being rendered, and the
 * page's script nonce for the scroll-restoring script the router writes into it.
 */
export function createAppRouter(queryClient: QueryClient, site: SiteBootstrap, server?: { history: RouterHistory; scriptNonce: string }) {
  return createRouter({
    routeTree,
    ...(server ? { history: server.history, ssr: { nonce: server.scriptNonce } } : {}),
    context: { queryClient, site } satisfies RouterContext,
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
