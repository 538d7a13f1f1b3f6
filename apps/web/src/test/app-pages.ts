import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Generator, getConfig, type RouteNode } from '@tanstack/router-generator';
import { pagePatterns } from '../../route-manifest.ts';

const webRoot = join(import.meta.dirname, '..', '..');

/**
 * The pages of the route manifest (decision 021) as the build would write them: TanStack Router's generator run over
 * the app's own route files, into a scratch folder.
 */
export async function pagesOfTheApp(): Promise<string[]> {
  return pagePatterns(await routeNodesOfTheApp());
}

/** The route nodes the router generator hands the build's route manifest, from the app's own route files. */
export async function routeNodesOfTheApp(): Promise<RouteNode[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'route-manifest-'));
  try {
    let nodes: RouteNode[] = [];
    const listPages = {
      name: 'test',
      onRouteTreeChanged: ({ routeNodes }: { routeNodes: RouteNode[] }) => (nodes = routeNodes),
    };
    const config = getConfig(
      { target: 'react', routesDirectory: './src/routes', generatedRouteTree: join(scratch, 'route-tree.gen.ts'), plugins: [listPages] },
      webRoot,
    );
    await new Generator({ config, root: webRoot }).run();
    return nodes;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
