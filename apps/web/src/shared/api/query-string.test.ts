import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('encodes arrays bracket-style and leaves out null, undefined and empty values', () => {
    expect(
      toQueryString({ productId: [3, 7], legalEntity: null, supplyStartDate: undefined, q: '', locale: 'fi-FI' }),
    ).toBe('?productId%5B%5D=3&productId%5B%5D=7&locale=fi-FI');
  });

  it('encodes nested filters and returns nothing for no parameters', () => {
    expect(toQueryString({ filter: { from: '2026-01-01', to: null } })).toBe('?filter%5Bfrom%5D=2026-01-01');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});
