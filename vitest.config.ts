import { defineConfig } from 'vitest/config';

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
          globalSetup: ['apps/server/src/test-support/global-setup.ts'],
          environment: 'node',
          // Files share a worker's module graph instead of importing the server again each (~3 s of CPU a file,
          // decision 102): each builds its own app on its own database, and no server test mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
