import { inferFullPath, type GeneratorPlugin, type RouteNode } from '@tanstack/router-generator';
import type { Plugin, Rollup } from 'vite';
import { ROUTE_MANIFEST_FILE, type Preloads, type RouteManifest } from '@portal/schema/route-manifest';

const fullPathOf = (node: RouteNode) => inferFullPath(node).replace(/(.)\/$/, '$1');

/**
 * The pages of the app: every route without child routes, by the full path the router itself infers (pathless
 * layouts and groups left out). A layout with children is a page only through its index route.
 */
export function pagePatterns(routeNodes: RouteNode[]): string[] {
  const pages = routeNodes.filter((node) => !node.isNonPath && !node.children?.length).map(fullPathOf);
  return [...new Set(pages)].sort();
}

/**
 * What a first visit loads after the entry script, by what decides it (decision 086): a page's route components
 * (its own and its layouts', split by the router plugin), a theme and its font. Each
 * list holds the chunk, the chunks it imports and their CSS, less what the entry loads anyway.
 */
const isStylesheet = (moduleId: string) => /\.css($|\?)/.test(moduleId);

export function preloadsOf(bundle: Rollup.OutputBundle, routeNodes: RouteNode[]): Preloads {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  const closure = (start: Rollup.OutputChunk[]): string[] => {
    const files = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk) => {
      if (entry.has(chunk.fileName) || files.has(chunk.fileName)) return;
      // A chunk that only loads a stylesheet (a theme's font) is dropped by Vite's CSS plugin after this hook:
      // its stylesheet is what loads.
      if (!chunk.moduleIds.every(isStylesheet)) files.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const file of chunk.imports) visit(byFile.get(file)!);
    };
    start.forEach(visit);
    return [...files];
  };
  const dynamic = chunks.filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId);
  const facade = (pattern: RegExp) => dynamic.flatMap((chunk) => (pattern.exec(chunk.facadeModuleId!) ? [chunk] : []));

  // The router plugin names a split chunk by the parts it holds, joined by `---` (`?tsr-split=component---loader` with
  // vite.config.ts's grouping): the page's chunk is the one that holds its component.
  const componentOf = new Map<string, Rollup.OutputChunk>();
  for (const chunk of facade(/\/src\/routes\/.+\?tsr-split=([a-zA-Z-]+)$/)) {
    const parts = /\?tsr-split=([a-zA-Z-]+)$/.exec(chunk.facadeModuleId!)![1]!.split('---');
    if (parts.includes('component')) componentOf.set(chunk.facadeModuleId!.replace(/\?.*$/, ''), chunk);
  }
  if (routeNodes.length > 0 && componentOf.size === 0) {
    // Every page would go without its chunk and stylesheet, and a drawn page would shift when its styles came late.
    throw new Error("None of the router plugin's split chunks holds a route's component: their names are not the ones preloadsOf reads");
  }
  const pages: Record<string, string[]> = {};
  for (const node of routeNodes.filter((candidate) => !candidate.isNonPath && !candidate.children?.length)) {
    const own: Rollup.OutputChunk[] = [];
    for (let at: RouteNode | undefined = node; at; at = at.parent) {
      const component = [...componentOf].find(([file]) => file.endsWith(`/routes/${at.filePath}`))?.[1];
      if (component) own.push(component);
    }
    pages[fullPathOf(node)] = closure(own.reverse());
  }

  const themes: Record<string, string[]> = {};
  for (const chunk of facade(/\/src\/themes\/([a-z]+)\.ts$/)) {
    const name = /\/src\/themes\/([a-z]+)\.ts$/.exec(chunk.facadeModuleId!)![1]!;
    // The theme's font stylesheet is its one dynamic import.
    themes[name] = closure([chunk, ...chunk.dynamicImports.map((file) => byFile.get(file)!)]);
  }
  return { pages, themes };
}

/**
 * Decision 016: the build writes the app's pages to dist/route-manifest.json, so the server answers a path that is
 * no page with HTTP 404 (still with the app, which shows its not-found page), and with them what each first visit
 * preloads. The router generator hands over its route nodes; the Vite plugin writes them into the build.
 */
export function routeManifest(): { generator: GeneratorPlugin; vite: Plugin } {
  let routeNodes: RouteNode[] = [];
  return {
    generator: {
      name: 'portal:route-manifest',
      onRouteTreeChanged: (tree) => {
        routeNodes = tree.routeNodes;
      },
    },
    vite: {
      name: 'portal:route-manifest',
      apply: 'build',
      generateBundle(_options, bundle) {
        const pages = pagePatterns(routeNodes);
        if (pages.length === 0) this.error('The router generator reported no routes: no route manifest to write');
        const manifest: RouteManifest = { pages, preloads: preloadsOf(bundle, routeNodes) };
        this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
      },
    },
  };
}
