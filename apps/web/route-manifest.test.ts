import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadsOf } from './route-manifest.ts';
import { pagesOfTheApp } from './src/test/app-pages.ts';

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
});
