import { describe, expect, it } from 'vitest';
import { isEstonianRegistryCode, isFinnishBusinessId, isLatvianRegistrationNumber, isOvtCode } from './business-codes.ts';

describe('business codes with their check digits', () => {
  it('checks the Finnish Y-tunnus: 0112038-9 (weights 7 9 10 5 8 4 2: 57 mod 11 = 2, 11 − 2 = 9)', () => {
    expect(isFinnishBusinessId('0112038-9')).toBe(true);
    expect(isFinnishBusinessId('0112038-8')).toBe(false);
    expect(isFinnishBusinessId('01120389')).toBe(false);
  });

  it('checks the Estonian registry code: 10060701 (weights 1…7: 67 mod 11 = 1)', () => {
    expect(isEstonianRegistryCode('10060701')).toBe(true);
    expect(isEstonianRegistryCode('10060702')).toBe(false);
    expect(isEstonianRegistryCode('20060701')).toBe(false);
  });

  it('checks the Latvian registration number: 40003032949 ((3 − 148 mod 11) mod 11 = 9)', () => {
    expect(isLatvianRegistrationNumber('40003032949')).toBe(true);
    expect(isLatvianRegistrationNumber('40003032948')).toBe(false);
    expect(isLatvianRegistrationNumber('4000303294')).toBe(false);
  });

  it('checks an OVT code on its Y-tunnus', () => {
    expect(isOvtCode('003701120389')).toBe(true);
    expect(isOvtCode('00370112038900101')).toBe(true);
    expect(isOvtCode('003701120388')).toBe(false);
  });
});
