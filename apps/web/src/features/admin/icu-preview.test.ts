import type * as IntlMessageFormatModule from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';
import { previewMessage } from './icu-preview.ts';

// As in a browser's build (decision 105): intl-messageformat formats syntax trees only, having no parser of its own.
vi.mock('intl-messageformat', async (importOriginal) => {
  const real = await importOriginal<typeof IntlMessageFormatModule>();
  class WithoutParser extends real.IntlMessageFormat {
    constructor(message: ConstructorParameters<typeof real.IntlMessageFormat>[0], ...rest: unknown[]) {
      if (typeof message === 'string') throw new TypeError('no ICU parser in a browser build');
      super(message, ...(rest as []));
    }
  }
  return { ...real, IntlMessageFormat: WithoutParser };
});

describe('the translation editor preview', () => {
  it('shows a text as a page would, with sample values, where intl-messageformat has no parser', () => {
    expect(previewMessage('Price right now ({time})', 'en-GB')).toBe('Price right now (‹time›)');
    expect(previewMessage('{count, plural, one {# invoice} other {# invoices}} for <b>{name}</b>', 'en-GB')).toBe('2 invoices for ‹name›');
  });

  it('shows nothing for a text that does not parse', () => {
    expect(previewMessage('Price {time', 'en-GB')).toBeNull();
  });
});
