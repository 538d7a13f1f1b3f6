import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { MOBILE_BUNDLES, WEB_BUNDLES } from './bundles.ts';
import { messageArguments } from './message-arguments.ts';
import { pseudoLocalize, pseudoLocalizeMessage } from './pseudo-locale.ts';

const PLURAL = '{count, plural, one {# item} other {# items}} for {company}';

describe('pseudoLocalizeMessage', () => {
  it('accents literal text, brackets it and pads it by about 30%', () => {
    const result = pseudoLocalizeMessage('Pay {amount} now');
    expect(result).toMatch(/^⟦Þáý \{amount\} ñöŵ·+⟧$/);
    expect(result.length).toBeGreaterThanOrEqual(Math.ceil('Pay {amount} now'.length * 1.3));
  });

  it('keeps plural and select syntax intact and accents their options', () => {
    const result = pseudoLocalizeMessage(PLURAL);
    expect(() => parse(result)).not.toThrow();
    expect(messageArguments(result)).toEqual(messageArguments(PLURAL));
    expect(result).toContain('one{# îţëɱ}');
    expect(result).toContain('other{# îţëɱš}');

    const select = pseudoLocalizeMessage('{kind, select, gas {Gas} other {Power}}');
    expect(select).toContain('gas{Ĝáš}');
    expect(select).toContain('other{Þöŵëŕ}');
  });

  it('keeps ICU escaping of literal braces and apostrophes', () => {
    const message = "It's '{literal}' text";
    const result = pseudoLocalizeMessage(message);
    expect(() => parse(result)).not.toThrow();
    expect(messageArguments(result)).toEqual(new Set());
  });
});

describe.each([
  ['web', WEB_BUNDLES['en-GB']],
  ['mobile', MOBILE_BUNDLES['en-GB']],
])('pseudoLocalize of the %s en-GB bundle', (_set, source) => {
  const pseudo = pseudoLocalize(source);

  it('keeps every key, placeholder and parses again', () => {
    expect(Object.keys(pseudo)).toEqual(Object.keys(source));
    const broken = Object.entries(source).filter(([key, english]) => {
      const message = pseudo[key] ?? '';
      return [...messageArguments(message)].sort().join() !== [...messageArguments(english)].sort().join();
    });
    expect(broken).toEqual([]);
  });

  it('changes every message', () => {
    expect(Object.entries(source).filter(([key, english]) => pseudo[key] === english)).toEqual([]);
  });
});
