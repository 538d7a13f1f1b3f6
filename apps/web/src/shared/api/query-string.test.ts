import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('encodes arrays bracket-style and leaves out null, undefined and empty values', () => {
    const query = toQueryString({ productId: [3, 7], legalEntity: null, supplyStartDate: undefined, q: '', locale: 'fi-FI' });
    expect(query).toBe('?productId%5B%5D=3&productId%5B%5D=7&locale=fi-FI');
    expect(decodeURIComponent(query)).toBe('?productId[]=3&productId[]=7&locale=fi-FI');
  });

  it('encodes what a URL cannot carry as it is, so the server reads back what was sent', () => {
    const query = toQueryString({ q: 'Mäkinen & Co #1 50%', kind: ['a b', null, ''] });
    const read = new URLSearchParams(query);
    expect(read.get('q')).toBe('Mäkinen & Co #1 50%');
    expect(read.getAll('kind[]')).toEqual(['a b']);
  });

  it('returns nothing when every value is left out or there are no parameters', () => {
    expect(toQueryString({ from: null, to: '' })).toBe('');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});
