import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALE_IDS, type LocaleId } from '@portal/schema/locale-ids';
import { customerFacingKinds, ERROR_CODES } from '@portal/schema/error-codes';
import { RELEASED_FEATURES } from '@portal/schema/features';
import { describe, expect, it } from 'vitest';
import { bundleFor, MOBILE_BUNDLES, WEB_BUNDLES } from './bundles.ts';
import { messageArguments } from './message-arguments.ts';

const SETS = { web: WEB_BUNDLES, mobile: MOBILE_BUNDLES };
const TRANSLATED = LOCALE_IDS.filter((locale) => locale !== 'en-GB');

const sorted = (values: Iterable<string>) => [...values].sort();

// "© {year} {company}" reads the same in every language, so it says nothing about whether a bundle was translated.
const hasWords = (message: string) => /\p{L}{2}/u.test(message.replace(/\{[^}]*\}/g, ''));

function parses(message: string): boolean {
  try {
    parse(message);
    return true;
  } catch {
    return false;
  }
}

describe.each(Object.entries(SETS))('%s bundles', (set, bundles) => {
  const source = bundles['en-GB'];
  const sourceKeys = Object.keys(source);

  it.each(LOCALE_IDS)('%s has exactly the en-GB keys, in the same order', (locale: LocaleId) => {
    const keys = Object.keys(bundles[locale]);
    const missing = sourceKeys.filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !sourceKeys.includes(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(keys).toEqual(sourceKeys);
  });

  it.each(LOCALE_IDS)('%s has no empty messages', (locale: LocaleId) => {
    const empty = Object.entries(bundles[locale]).filter(([, message]) => message.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALE_IDS)('%s messages are valid ICU', (locale: LocaleId) => {
    const invalid = Object.entries(bundles[locale]).filter(([, message]) => !parses(message));
    expect(invalid.map(([key]) => key)).toEqual([]);
  });

  it.each(TRANSLATED)('%s messages use the same arguments as en-GB', (locale: LocaleId) => {
    const mismatched = Object.entries(source).flatMap(([key, english]) => {
      const translated = bundles[locale][key];
      if (translated === undefined || !parses(translated)) return [];
      const expected = sorted(messageArguments(english));
      const actual = sorted(messageArguments(translated));
      return expected.join() === actual.join() ? [] : [{ key, expected, actual }];
    });
    expect(mismatched).toEqual([]);
  });

  it.each(TRANSLATED)('%s is translated, not copied from en-GB', (locale: LocaleId) => {
    const wordy = Object.entries(source).filter(([, english]) => hasWords(english));
    const copied = wordy.filter(([key, english]) => bundles[locale][key] === english).map(([key]) => key);
    expect(copied.length / wordy.length, `copied from en-GB: ${copied.join(', ')}`).toBeLessThan(0.1);
  });

  if (set === 'mobile') {
    it('keys carry the mobile. prefix', () => {
      expect(sourceKeys.filter((key) => !key.startsWith('mobile.'))).toEqual([]);
    });
  }

  it('bundleFor serves the shipped bundles and a pseudo-localised en-GB as dev', () => {
    const typedSet = set as keyof typeof SETS;
    for (const locale of LOCALE_IDS) expect(bundleFor(typedSet, locale)).toBe(bundles[locale]);
    const dev = bundleFor(typedSet, 'dev');
    expect(Object.keys(dev)).toEqual(sourceKeys);
    expect(Object.entries(dev).filter(([, message]) => !message.startsWith('⟦'))).toEqual([]);
  });
});

describe('error codes a person reads', () => {
  // Spec §8: a customer-facing refusal is explained in the person's language, not in the server's English.
  it('has a text for every customer-facing code of @portal/schema/error-codes', () => {
    const missing = Object.entries(ERROR_CODES)
      .filter(([, kind]) => customerFacingKinds.includes(kind))
      .map(([code]) => `errors.codes.${code}`)
      .filter((key) => !(key in WEB_BUNDLES['en-GB']));
    expect(missing).toEqual([]);
  });
});

describe('the admin area names every feature it offers', () => {
  // The site page lists the released flags by these labels: a flag without one would show its code.
  it('has an admin.feature label for every released flag in every language', () => {
    for (const locale of LOCALE_IDS) {
      const missing = [...RELEASED_FEATURES].map((feature) => `admin.feature.${feature}`).filter((key) => !(key in WEB_BUNDLES[locale]));
      expect(missing, locale).toEqual([]);
    }
  });
});
