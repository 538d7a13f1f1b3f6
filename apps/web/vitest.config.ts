import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** What both web test projects share: the root's vitest.config.ts names them and their files. */
export default defineConfig({
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // As the root's: both cores (a project that extends this file does not inherit the root's test options).
    maxWorkers: 2,
    // A page test types dates and walks a month of a picker: seconds on a busy two-core machine.
    testTimeout: 30_000,
  },
});
