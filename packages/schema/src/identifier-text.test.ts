import { describe, expect, it } from 'vitest';
import { identifierField, identifierText } from './identifier-text.ts';

/** The white space and invisible characters bank apps, PDFs, web pages and word processors leave in a copied code. */
const PASTED = {
  'no-break space U+00A0': '\u00a0',
  'figure space U+2007': '\u2007',
  'narrow no-break space U+202F': '\u202f',
  'thin space U+2009': '\u2009',
  'ideographic space U+3000': '\u3000',
  'word joiner U+2060': '\u2060',
  'zero-width space U+200B': '\u200b',
  'zero-width non-joiner U+200C': '\u200c',
  'zero-width joiner U+200D': '\u200d',
  'byte order mark U+FEFF': '\ufeff',
  'soft hyphen U+00AD': '\u00ad',
  'left-to-right mark U+200E': '\u200e',
  'tab, line feed and carriage return': '\t\n\r',
} as const;

describe('identifiers as people paste them', () => {
  it.each(Object.entries(PASTED))('removes the %s wherever it stands', (_name, character) => {
    expect(identifierText(`${character}FI21${character}1234${character}5600${character}0007${character}85${character}`)).toBe(
      'FI2112345600000785',
    );
  });

  it('makes every dash a hyphen-minus and folds full-width letters and digits', () => {
    for (const dash of ['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212', '\ufe63', '\uff0d']) {
      expect(identifierText(`131052${dash}308T`), `U+${dash.codePointAt(0)!.toString(16)}`).toBe('131052-308T');
    }
    expect(identifierText('ＦＩ２１\u3000１２３４')).toBe('FI211234');
  });

  it('upper-cases letters and keeps what identifiers are made of', () => {
    expect(identifierText('fi21 1234 5600 0007 85')).toBe('FI2112345600000785');
    expect(identifierText('+358 (40) 123-4567')).toBe('+358(40)123-4567');
    expect(identifierText('010594y9032')).toBe('010594Y9032');
  });

  it('bounds a field by what was typed, before it is compacted', () => {
    const field = identifierField(10);
    expect(field.parse('12\u00a034\u202f56')).toBe('123456');
    expect(field.safeParse('1 2 3 4 5 6').success).toBe(false);
  });
});
