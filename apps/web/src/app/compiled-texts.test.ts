import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it, vi } from 'vitest';
import { bundleFor } from '@portal/locales/bundles';
import { compileBundle } from '@portal/locales/compiled-bundle';
import { icuArguments } from '@portal/schema/icu-message';
import { LOCALE_IDS, PSEUDO_LOCALE } from '@portal/schema/locale-ids';
import { createI18n } from './i18n.ts';

/** Every argument a text names, given a number: plurals and selects take their `other`, arguments print it. */
function valuesFor(message: string): Record<string, number> {
  const names = [...icuArguments(parse(message, { ignoreTag: true }))];
  return Object.fromEntries(names.filter((name) => !name.startsWith('<')).map((name) => [name, 3]));
}

describe('texts compiled for browsers (decision 105)', () => {
  it.each([...LOCALE_IDS, PSEUDO_LOCALE])(
    'formats every %s text compiled, without an ICU parser, as the text itself formats',
    async (locale) => {
      const texts = bundleFor('web', locale);
      const compiled = compileBundle(texts, locale);
      const withParser = await createI18n(locale, texts);
      // A browser's build: intl-messageformat with @formatjs's parser-less build (vite's messagesWithoutParser).
      vi.resetModules();
      vi.doMock('@formatjs/icu-messageformat-parser', () => import('@formatjs/icu-messageformat-parser/no-parser.js'));
      try {
        const { createI18n: createInBrowser } = await import('./i18n.ts');
        const inBrowser = await createInBrowser(locale, compiled);
        const differing = Object.entries(texts)
          .map(([key, message]) => ({ key, values: valuesFor(message) }))
          .filter(({ key, values }) => inBrowser.t(key, values) !== withParser.t(key, values));
        expect(differing).toEqual([]);
        expect(Object.values(compiled).some((message) => Array.isArray(message))).toBe(true);
      } finally {
        vi.doUnmock('@formatjs/icu-messageformat-parser');
      }
    },
  );
});
