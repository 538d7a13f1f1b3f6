import { and, eq } from 'drizzle-orm';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { TranslationBundle, TranslationSet } from '@portal/schema/translations';
import { translationOverride } from '../../db/schema/sites.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

/** A site admin's overrides of the shipped texts, per site, locale and set. */
export const translationRepository = {
  async overridesFor(executor: Executor, siteId: string, localeId: LocaleId, set: TranslationSet): Promise<TranslationBundle> {
    const rows = await executor
      .select({ key: translationOverride.key, value: translationOverride.value })
      .from(translationOverride)
      .where(and(eq(translationOverride.siteId, siteId), eq(translationOverride.localeId, localeId), eq(translationOverride.bundle, set)));
    return Object.fromEntries(rows.map(({ key, value }) => [key, value]));
  },

  /** Writes or (with null) removes one override of the site's web texts in a locale. */
  async setOverride(tx: Transaction, siteId: string, localeId: LocaleId, key: string, value: string | null) {
    const where = and(
      eq(translationOverride.siteId, siteId),
      eq(translationOverride.localeId, localeId),
      eq(translationOverride.bundle, 'web'),
      eq(translationOverride.key, key),
    );
    if (value === null) {
      await tx.delete(translationOverride).where(where);
      return;
    }
    await tx
      .insert(translationOverride)
      .values({ siteId, localeId, bundle: 'web', key, value })
      .onConflictDoUpdate({
        target: [translationOverride.siteId, translationOverride.localeId, translationOverride.bundle, translationOverride.key],
        set: { value, updatedAt: new Date() },
      });
  },
};
