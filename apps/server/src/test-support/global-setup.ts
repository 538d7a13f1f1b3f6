import type { TestProject } from 'vitest/node';
import { migratedPgliteTemplate, migratedPostgresTemplate, seededPgliteTemplate, seededPostgresTemplate } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tar of a migrated PGlite folder (database-templates.ts). */
    pgliteTemplate: string;
    /** The same with the demo seeded (sites, people, products; no energy history), for test apps. */
    pgliteSeededTemplate: string;
    /** The migrated PostgreSQL database test databases are copied from, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
    /** The same with the demo seeded. */
    postgresSeededTemplate: string | null;
  }
}

/**
 * Migrates and seeds once per run (or not at all when templates of these migrations and sources exist), not once per
 * test file.
 */
export async function setup({ provide }: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const migrated = await migratedPostgresTemplate(serverUrl);
    provide('postgresTemplate', migrated);
    provide('postgresSeededTemplate', await seededPostgresTemplate(serverUrl, migrated));
  } else {
    provide('postgresTemplate', null);
    provide('postgresSeededTemplate', null);
  }
  const migrated = await migratedPgliteTemplate();
  provide('pgliteTemplate', migrated);
  provide('pgliteSeededTemplate', await seededPgliteTemplate(migrated));
}
