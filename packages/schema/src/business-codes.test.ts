import { describe, expect, it } from 'vitest';
import {
  businessCodeOf,
  businessCodeParams,
  estonianRegistryCodeOf,
  finnishBusinessIdOf,
  isOvtCode,
  latvianRegistrationNumberOf,
} from './business-codes.ts';

describe('business codes with their check digits, as people paste them', () => {
  it('checks the Finnish Y-tunnus and writes it with its hyphen, however it came', () => {
    // 0737546-2: weights 7 9 10 5 8 4 2 give 130, 130 mod 11 = 9, 11 − 9 = 2.
    expect(finnishBusinessIdOf('0737546-2')).toBe('0737546-2');
    // As it stands inside the VAT number FI07375462 and the OVT code 003707375462.
    expect(finnishBusinessIdOf('07375462')).toBe('0737546-2');
    expect(finnishBusinessIdOf(' 0737546\u20132 ')).toBe('0737546-2');
    expect(finnishBusinessIdOf('0112038-9')).toBe('0112038-9');
    expect(finnishBusinessIdOf('0737546-1')).toBeNull();
    expect(finnishBusinessIdOf('737546-2')).toBeNull();
    // 0000001: remainder 1, a number the register never gives.
    expect(finnishBusinessIdOf('0000001-0')).toBeNull();
    expect(finnishBusinessIdOf('FI07375462')).toBeNull();
  });

  it('checks the Estonian registrikood by the isikukood’s two-pass check digit and its kind of legal person', () => {
    expect(estonianRegistryCodeOf('10060701')).toBe('10060701');
    // Companies (1: Bolt Technology OÜ), state bodies (7: Maksu- ja Tolliamet, Tartu Ülikool); an association's form
    // (8) whose first pass gives 10, and a foundation's (9).
    expect(estonianRegistryCodeOf('12417834')).toBe('12417834');
    expect(estonianRegistryCodeOf('70000349')).toBe('70000349');
    expect(estonianRegistryCodeOf('74001073')).toBe('74001073');
    expect(estonianRegistryCodeOf('80000053')).toBe('80000053');
    expect(estonianRegistryCodeOf('90000009')).toBe('90000009');
    expect(estonianRegistryCodeOf('1006\u00a00701')).toBe('10060701');
    expect(estonianRegistryCodeOf('10060702')).toBeNull();
    expect(estonianRegistryCodeOf('20060701')).toBeNull();
  });

  it('checks Latvian registration numbers of companies and of public bodies alike', () => {
    expect(latvianRegistrationNumberOf('40003032949')).toBe('40003032949'); // Latvenergo AS
    expect(latvianRegistrationNumberOf('90000069281')).toBe('90000069281'); // Valsts ieņēmumu dienests
    expect(latvianRegistrationNumberOf('90000022399')).toBe('90000022399');
    expect(latvianRegistrationNumberOf('90002573483')).toBe('90002573483');
    expect(latvianRegistrationNumberOf('50003913651')).toBe('50003913651');
    expect(latvianRegistrationNumberOf('9000 006 9281')).toBe('90000069281');
    expect(latvianRegistrationNumberOf('90000069282')).toBeNull();
    expect(latvianRegistrationNumberOf('40003032948')).toBeNull();
    expect(latvianRegistrationNumberOf('4000303294')).toBeNull();
    // A natural person's code is not a registration number.
    expect(latvianRegistrationNumberOf('16117519997')).toBeNull();
  });

  it('answers by the site country’s register only', () => {
    expect(businessCodeOf('FI', '07375462')).toBe('0737546-2');
    // Eight digits are a Y-tunnus only when the check digit says so: 10060701 happens to be one (1006070-1), 14715205 is not.
    expect(businessCodeOf('FI', '14715205')).toBeNull();
    expect(businessCodeOf('EE', '10060701')).toBe('10060701');
    expect(businessCodeOf('LV', '90000069281')).toBe('90000069281');
    expect(businessCodeOf('LV', '0737546-2')).toBeNull();
  });

  it('checks an OVT code on its Y-tunnus', () => {
    expect(isOvtCode('003701120389')).toBe(true);
    expect(isOvtCode('00370112038900101')).toBe(true);
    expect(isOvtCode('0037 0737 5462')).toBe(true);
    expect(isOvtCode('003701120388')).toBe(false);
  });

  it('takes a business code in a path with pasted white space, and refuses one longer than any register gives', () => {
    expect(businessCodeParams.parse({ code: '\u20600737546\u00a0-\u00a02\u200b' })).toEqual({ code: '0737546-2' });
    expect(businessCodeParams.safeParse({ code: '1'.repeat(21) }).success).toBe(false);
    expect(businessCodeParams.safeParse({ code: ' \u00a0 ' }).success).toBe(false);
  });
});
