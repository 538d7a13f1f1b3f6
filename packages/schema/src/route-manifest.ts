import { z } from 'zod';

/** Where the web build writes its pages for the server (decision 021): dist/route-manifest.json. */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';

/** URL patterns of the app's pages as TanStack Router writes them: a `$name` segment is any one path segment. */
export const routeManifest = z.object({ pages: z.array(z.string().startsWith('/')).min(1) });
export type RouteManifest = z.infer<typeof routeManifest>;
