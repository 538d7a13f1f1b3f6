import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { messagesWithoutParser } from './messages-without-parser.ts';
import { precompress } from './precompress.ts';
import { routeManifest } from './route-manifest.ts';

const manifest = routeManifest();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader goes with its page's component: it names the page's queries, which would otherwise sit in the
      // entry every first load downloads (decision 105). A chunk of its own would add a file to each page's first load.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      plugins: [manifest.generator],
    }),
    react(),
    // The server's render of pages (entry-server.tsx) is for Node, not browsers: no route manifest, no compressed copies,
    // and it formats the ICU texts it is given, with the parser.
    ...(isSsrBuild ? [] : [manifest.vite, precompress(), messagesWithoutParser()]),
  ],
  // The browser's zod runs without eval (src/shared/zod-without-eval.ts); the server's render shares the server's zod.
  resolve: isSsrBuild ? {} : { alias: [{ find: /^zod$/, replacement: join(import.meta.dirname, 'src/shared/zod-without-eval.ts') }] },
  build: {
    // The browser's scripts name no map: the maps are written beside them, and the server gives them out (with a
    // SourceMap header) only where SOURCE_MAPS=public (docs/decisions/101). The server render's maps are for Node.
    sourcemap: isSsrBuild ? true : 'hidden',
    // The site files under public/ are the browser build's; the server's render needs none of them.
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The server's render imports the server's own schemas, not copies of them: a copy's `.meta({ id })` registers a
      // second schema under the same id in zod's registry (shared through globalThis), and the API reference, which
      // converts the registry, failed once a page that loads the copy had been drawn (decision 136). `ssr.external`
      // does not reach them: Vite externalizes no deep import that resolves to a `.ts` file.
      external: isSsrBuild ? [/^@portal\/schema\//] : [],
      output: {
        // Everything the entry imports statically loads on every first visit anyway: one chunk compresses better
        // than dozens of small ones, and pages' lazy chunks keep only their own code.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
