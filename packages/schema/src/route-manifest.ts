import { z } from 'zod';

/** Where the web build writes its pages for the server (decision 021): dist/route-manifest.json. */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';

/** URL patterns of the app's pages as TanStack Router writes them: a `$name` segment is any one path segment. */
export const routeManifest = z.object({
  pages: z.array(z.string().startsWith('/')).min(1),
  /**
   * Files under the build (assets/…) a first visit loads after the entry script, by page pattern and theme id
   * (decision 086); the server links them from the page so they load beside the entry. Older builds: none.
   */
  preloads: z
    .object({
      pages: z.record(z.string(), z.array(z.string())),
      themes: z.record(z.string(), z.array(z.string())),
    })
    .optional(),
});
export type Preloads = NonNullable<RouteManifest['preloads']>;
export type RouteManifest = z.infer<typeof routeManifest>;
