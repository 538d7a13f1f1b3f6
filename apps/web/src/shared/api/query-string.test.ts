import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('encodes arrays bracket-style and leaves out null, undefined and empty values', () => {
    expect(toQueryString({ productId: [3, 7], legalEntity: null, supplyStartDate: undefined, q: '', locale: 'fi-FI' })).toBe(
      '?productId[]=3&productId[]=7&locale=fi-FI',
    );
  });

  it('returns nothing when every value is left out or there are no parameters', () => {
    expect(toQueryString({ from: null, to: '' })).toBe('');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});
