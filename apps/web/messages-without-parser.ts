import type { Plugin } from 'vite';

/**
 * Browsers format messages from bundles in the `compiled` form (decision 105), so intl-messageformat gets @formatjs's
 * `no-parser` build of the ICU parser (about 10 KB brotli less in every first load): the syntax trees and type guards
 * without the parser, which throws if a text is ever given. Only intl-messageformat's import is redirected: the admin's
 * text editor still parses what an administrator types.
 */
export function messagesWithoutParser(): Plugin {
  return {
    name: 'portal:messages-without-parser',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@formatjs/icu-messageformat-parser' || !importer?.includes('/node_modules/intl-messageformat/')) return null;
      return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true });
    },
  };
}
