import { describe, expect, it } from 'vitest';
import { acceptedCategories, consentAnswered, CONSENT_REVISION } from './cookie-consent.ts';

const at = '2026-11-28T10:00:00.000Z';
/** A record as vanilla-cookieconsent v3 writes it into cc_cookie (URI-encoded JSON). */
const record = (overrides: Record<string, unknown> = {}) =>
  encodeURIComponent(
    JSON.stringify({
      categories: ['necessary'],
      revision: CONSENT_REVISION,
      consentId: 'id-1',
      consentTimestamp: at,
      lastConsentTimestamp: at,
      ...overrides,
    }),
  );

describe('the consent record (cc_cookie)', () => {
  it('counts as answered as the library counts it: an id, both times, categories, the current revision', () => {
    expect(consentAnswered(record())).toBe(true);
    expect(consentAnswered(decodeURIComponent(record()))).toBe(true);
    expect(consentAnswered(undefined)).toBe(false);
    expect(consentAnswered(record({ revision: CONSENT_REVISION - 1 }))).toBe(false);
    expect(consentAnswered(record({ consentId: '' }))).toBe(false);
    expect(consentAnswered(record({ lastConsentTimestamp: null }))).toBe(false);
    expect(consentAnswered(record({ categories: 'necessary' }))).toBe(false);
    expect(consentAnswered('%7Bnot json')).toBe(false);
  });

  it('gives the categories of an answered record only', () => {
    expect(acceptedCategories(record({ categories: ['necessary', 'analytics'] }))).toEqual(['necessary', 'analytics']);
    expect(acceptedCategories(record({ categories: ['necessary', 'analytics'], revision: 0 }))).toEqual([]);
    expect(acceptedCategories(undefined)).toEqual([]);
  });
});
