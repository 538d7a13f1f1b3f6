import { inferFullPath, type GeneratorPlugin, type RouteNode } from '@tanstack/router-generator';
import type { Plugin } from 'vite';
import { ROUTE_MANIFEST_FILE, type RouteManifest } from '@portal/schema/route-manifest';

/**
 * The pages of the app: every route without child routes, by the full path the router itself infers (pathless
 * layouts and groups left out). A layout with children is a page only through its index route.
 */
export function pagePatterns(routeNodes: RouteNode[]): string[] {
  const pages = routeNodes
    .filter((node) => !node.isNonPath && !node.children?.length)
    .map((node) => inferFullPath(node).replace(/(.)\/$/, '$1'));
  return [...new Set(pages)].sort();
}

/**
 * Decision 016: the build writes the app's pages to dist/route-manifest.json, so the server answers a path that is
 * no page with HTTP 404 (still with the app, which shows its not-found page). The router generator hands over its
 * route nodes; the Vite plugin writes them into the build.
 */
export function routeManifest(): { generator: GeneratorPlugin; vite: Plugin } {
  let pages: string[] = [];
  return {
    generator: {
      name: 'portal:route-manifest',
      onRouteTreeChanged: ({ routeNodes }) => {
        pages = pagePatterns(routeNodes);
      },
    },
    vite: {
      name: 'portal:route-manifest',
      apply: 'build',
      generateBundle() {
        if (pages.length === 0) this.error('The router generator reported no routes: no route manifest to write');
        const manifest: RouteManifest = { pages };
        this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
      },
    },
  };
}
