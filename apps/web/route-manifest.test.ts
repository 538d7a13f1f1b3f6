import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadsOf } from './route-manifest.ts';
import { pagesOfTheApp, routeNodesOfTheApp } from './src/test/app-pages.ts';

const chunk = (fileName: string, details: Partial<Rollup.OutputChunk>) =>
  ({
    type: 'chunk',
    fileName,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    imports: [],
    dynamicImports: [],
    moduleIds: [],
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...details,
  }) as Rollup.OutputChunk;

describe('the route manifest (decision 021)', () => {
  it('lists the pages a browser can open, by their URL patterns', async () => {
    const pages = await pagesOfTheApp();
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/dashboard', '/charts', '/invoices', '/invoices/$id/$step', '/auth/signin', '/staff', '/admin']),
    );
  });

  it('leaves out layouts, pathless segments and trailing slashes', async () => {
    const pages = await pagesOfTheApp();
    expect(pages).not.toContain('/auth');
    expect(pages.some((page) => page.includes('/_') || (page !== '/' && page.endsWith('/')))).toBe(false);
  });

  it("preloads a theme's font stylesheet, not the chunk that only loads it (Vite drops that chunk)", () => {
    const font = '/repo/node_modules/@fontsource-variable/inter/index.css';
    const bundle: Rollup.OutputBundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true, moduleIds: ['/repo/src/main.tsx'] }),
      'assets/aurora.js': chunk('assets/aurora.js', {
        isDynamicEntry: true,
        facadeModuleId: '/repo/src/themes/aurora.ts',
        moduleIds: ['/repo/src/themes/aurora.ts'],
        dynamicImports: ['assets/inter.js'],
      }),
      'assets/inter.js': chunk('assets/inter.js', {
        isDynamicEntry: true,
        facadeModuleId: font,
        moduleIds: [font],
        viteMetadata: {
          importedCss: new Set(['assets/inter.css']),
          importedAssets: new Set<string>(),
        } as Rollup.OutputChunk['viteMetadata'],
      }),
    };
    expect(preloadsOf(bundle, []).themes.aurora).toEqual(['assets/aurora.js', 'assets/inter.css']);
  });

  it("preloads a page's own chunk and stylesheet, by the name the router plugin gives a chunk of component and loader", async () => {
    const dashboard = '/repo/apps/web/src/routes/_authenticated/_customer/dashboard.tsx';
    const bundle: Rollup.OutputBundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true, moduleIds: ['/repo/src/main.tsx'] }),
      // vite.config.ts groups a route's loader with its component: the plugin names the chunk `component---loader`.
      'assets/dashboard.js': chunk('assets/dashboard.js', {
        isDynamicEntry: true,
        facadeModuleId: `${dashboard}?tsr-split=component---loader`,
        moduleIds: [`${dashboard}?tsr-split=component---loader`],
        imports: ['assets/card.js'],
        viteMetadata: {
          importedCss: new Set(['assets/dashboard.css']),
          importedAssets: new Set<string>(),
        } as Rollup.OutputChunk['viteMetadata'],
      }),
      'assets/card.js': chunk('assets/card.js', { moduleIds: ['/repo/src/shared/ui/card.tsx'] }),
    };
    const { pages } = preloadsOf(bundle, await routeNodesOfTheApp());
    expect(pages['/dashboard']).toEqual(['assets/dashboard.js', 'assets/dashboard.css', 'assets/card.js']);
    expect(pages['/invoices']).toEqual([]);
  });

  it('stops the build when no split chunk holds a component, rather than write pages without their styles', async () => {
    const bundle: Rollup.OutputBundle = {
      'assets/dashboard.js': chunk('assets/dashboard.js', {
        isDynamicEntry: true,
        facadeModuleId: '/repo/apps/web/src/routes/_authenticated/_customer/dashboard.tsx?split=page',
      }),
    };
    await expect(routeNodesOfTheApp().then((nodes) => preloadsOf(bundle, nodes))).rejects.toThrow(/split chunks/);
  });
});
