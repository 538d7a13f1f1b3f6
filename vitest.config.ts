import { configDefaults, defineConfig } from 'vitest/config';

/** The web app's projects extend its config (happy-dom, React); their `root` is apps/web, as the file's own. */
const web = { extends: './apps/web/vitest.config.ts', root: 'apps/web' };

/**
 * Web test files that replace a module (vi.mock, vi.doMock), stub `location` or test what a first load imports: each
 * runs in a fresh module graph.
 * Every other web test shares its worker's graph and window (isolate: false), so React, Mantine and the app are
 * imported once a worker, not once a file; a file unstubs the globals it stubs, and the setup restores spies and gives
 * each file an empty document (decision 103).
 */
const webOwnModuleGraph = [
  'src/app/compiled-texts.test.ts',
  'src/app/providers.test.tsx',
  'src/features/auth/sign-in-page.test.tsx',
  'src/features/charts/charts-page.test.tsx',
  'src/features/admin/icu-preview.test.ts',
  'src/features/dashboard/dashboard-cards.test.tsx',
  'src/features/feedback/feedback-admin-page.test.tsx',
  'src/shared/ui/echart/echart.test.tsx',
];

/**
 * Server test files that ask what a whole process keeps: each runs in a process of its own, which no other file's
 * leftovers share (the server project's files share a worker's, decision 102).
 */
const serverOwnProcess = ['apps/server/src/platform/app-release.test.ts'];

export default defineConfig({
  test: {
    // Both cores: vitest's default leaves one free (availableParallelism() - 1), and on CI's two cores the run then
    // takes 12 minutes instead of 9 (docs/decisions/103-test-speed.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverOwnProcess],
          globalSetup: ['apps/server/src/test-support/global-setup.ts'],
          environment: 'node',
          // Files share a worker's module graph instead of importing the server again each (~3 s of CPU a file,
          // decision 102): each builds its own app on its own database, and no server test mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: web.extends,
        test: {
          name: 'web',
          root: web.root,
          include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
          exclude: [...configDefaults.exclude, ...webOwnModuleGraph],
          isolate: false,
        },
      },
      { extends: web.extends, test: { name: 'web-isolated', root: web.root, include: webOwnModuleGraph } },
      {
        test: {
          name: 'server-isolated',
          include: serverOwnProcess,
          // The same templates as the server project's (made once a run, or found in the cache).
          globalSetup: ['apps/server/src/test-support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
