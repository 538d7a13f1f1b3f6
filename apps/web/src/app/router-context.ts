import type { QueryClient } from '@tanstack/react-query';
import type { SiteBootstrap } from '@portal/schema/site';

/**
 * What every route's `beforeLoad` and `loader` receive: the one data cache, so loaders start queries with the
 * navigation, and the site, so a route can refuse a page whose feature the site does not have.
 */
export type RouterContext = { queryClient: QueryClient; site: SiteBootstrap };
