import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate, migratedPostgresTemplate } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tar of a migrated PGlite folder (database-templates.ts). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database test databases are copied from, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

/** Migrates once per run (or not at all when a template of these migrations exists), not once per test file. */
export async function setup({ provide }: TestProject) {
  provide('pgliteTemplate', await migratedPgliteTemplate());
  const serverUrl = process.env.TEST_DATABASE_URL;
  provide('postgresTemplate', serverUrl ? await migratedPostgresTemplate(serverUrl) : null);
}
