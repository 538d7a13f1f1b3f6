import { and, eq } from 'drizzle-orm';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { TranslationBundle, TranslationSet } from '@portal/schema/translations';
import { translationOverride } from '../../db/schema/sites.ts';
import type { Database } from '../../platform/database.ts';

export function createTranslationRepository(db: Database) {
  return {
    async overridesFor(siteId: string, localeId: LocaleId, set: TranslationSet): Promise<TranslationBundle> {
      const rows = await db
        .select({ key: translationOverride.key, value: translationOverride.value })
        .from(translationOverride)
        .where(
          and(eq(translationOverride.siteId, siteId), eq(translationOverride.localeId, localeId), eq(translationOverride.bundle, set)),
        );
      return Object.fromEntries(rows.map(({ key, value }) => [key, value]));
    },
  };
}
export type TranslationRepository = ReturnType<typeof createTranslationRepository>;
