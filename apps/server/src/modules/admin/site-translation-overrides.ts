import { bundleFor } from '@portal/locales/bundles';
import type { AdminTranslations, TranslationsUpdateRequest } from '@portal/schema/admin';
import { icuProblem } from '@portal/schema/icu-message';
import type { LocaleId } from '@portal/schema/locale-ids';
import { DEFAULT_LOCALE } from '@portal/schema/locale-ids';
import { auditAdminChange, type AdminChange } from '../../platform/admin-audit.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { translationRepository } from '../translations/translation-repository.ts';

type Deps = { db: Database };

/**
 * The web texts of one locale for the translation editor: every key the product ships (en-GB has them all), the
 * locale's shipped text (null: missing, shown first), the en-GB text and the site's override (docs/decisions/073).
 */
export async function readSiteTranslations({ db }: Deps, siteId: string, locale: LocaleId): Promise<AdminTranslations> {
  const shipped = bundleFor('web', locale);
  const fallback = bundleFor('web', DEFAULT_LOCALE);
  const overrides = await translationRepository.overridesFor(db, siteId, locale, 'web');
  const entries = Object.keys(fallback).map((key) => ({
    key,
    defaultText: shipped[key] ?? null,
    fallbackText: fallback[key]!,
    override: overrides[key] ?? null,
  }));
  entries.sort((a, b) => Number(a.defaultText !== null) - Number(b.defaultText !== null) || a.key.localeCompare(b.key));
  return { locale, entries };
}

/**
 * Writes overrides (null reverts to the shipped text). Every text must parse as ICU MessageFormat and use only the
 * arguments the shipped text has; one bad text refuses the whole change, so nothing is half saved.
 */
export async function updateSiteTranslations(
  deps: Deps,
  change: AdminChange,
  locale: LocaleId,
  update: TranslationsUpdateRequest,
): Promise<AdminTranslations> {
  const siteId = change.actor.siteId;
  const shipped = bundleFor('web', locale);
  const fallback = bundleFor('web', DEFAULT_LOCALE);
  const unknown = Object.keys(update.translations).filter((key) => !(key in fallback));
  if (unknown.length > 0) throw new AppError('TRANSLATION_KEY_UNKNOWN', `No such text: ${unknown.slice(0, 5).join(', ')}`);
  const problems = Object.entries(update.translations).flatMap(([key, value]) => {
    if (value === null) return [];
    const problem = icuProblem(value, shipped[key] ?? fallback[key]);
    if (!problem) return [];
    return [
      problem.kind === 'syntax' ? `${key}: not a valid ICU message (${problem.detail})` : `${key}: unknown argument ${problem.detail}`,
    ];
  });
  if (problems.length > 0) throw new AppError('TRANSLATION_INVALID', problems.slice(0, 5).join('; '));

  const current = await translationRepository.overridesFor(deps.db, siteId, locale, 'web');
  const changed = Object.entries(update.translations).filter(([key, value]) => (current[key] ?? null) !== value);
  if (changed.length > 0) {
    await deps.db.transaction(async (tx) => {
      for (const [key, value] of changed) await translationRepository.setOverride(tx, siteId, locale, key, value);
      await auditAdminChange(tx, change, 'site translations changed', {
        before: Object.fromEntries(changed.map(([key]) => [key, current[key] ?? null])),
        after: Object.fromEntries(changed),
        details: locale,
      });
    });
  }
  return readSiteTranslations(deps, siteId, locale);
}
