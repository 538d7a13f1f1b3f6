import { describe, expect, it } from 'vitest';
import { isValidRfReference, rfReference } from './reference-number.ts';

describe('the RF creditor reference (ISO 11649)', () => {
  it('makes RF creditor references that pass the ISO 11649 check', () => {
    const reference = rfReference('100001202610');
    expect(reference).toMatch(/^RF\d{2}100001202610$/);
    expect(isValidRfReference(reference)).toBe(true);
    expect(isValidRfReference(reference.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)))).toBe(false);
    expect(rfReference('539007547034')).toBe('RF18539007547034'); // the standard's own example
  });
});
