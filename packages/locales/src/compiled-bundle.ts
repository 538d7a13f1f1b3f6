import { parse } from '@formatjs/icu-messageformat-parser';
import { ICU_SYNTAX } from '@portal/schema/icu-syntax';
import type { CompiledTranslationBundle, TranslationBundle } from '@portal/schema/translations';

/**
 * A bundle as browsers take it (decision 105): each message with ICU syntax parsed here, once, into the syntax tree
 * intl-messageformat formats, so the browser's first load carries no parser; every other message as its text. Parsed
 * as i18next-icu parses at run time (`ignoreTag`, the locale for skeletons). A message that does not parse (the admin's
 * editor refuses such texts, `icuProblem`) stays text, as the page would show it.
 */
export function compileBundle(bundle: TranslationBundle, locale: string): CompiledTranslationBundle {
  const compiled: CompiledTranslationBundle = {};
  const intlLocale = new Intl.Locale(locale);
  for (const [key, message] of Object.entries(bundle)) {
    if (!ICU_SYNTAX.test(message)) {
      compiled[key] = message;
      continue;
    }
    try {
      compiled[key] = parse(message, { ignoreTag: true, locale: intlLocale });
    } catch {
      compiled[key] = message;
    }
  }
  return compiled;
}
