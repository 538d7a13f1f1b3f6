import { describe, expect, it } from 'vitest';
import { bankBarcode } from './bank-barcode.ts';
import { epcQrPayload } from './epc-qr.ts';
import {
  checkDigit731,
  isValidNationalReference,
  nationalReference,
  printedReference,
  readReference,
  referenceFor,
} from './reference-number.ts';

/**
 * The example invoices of Finance Finland's "Bank Bar Code Guide" (Pankkiviivakoodi-opas, version 5.3, 8 November 2012,
 * corrected 21 October 2019), chapters 9 and 10: account, amount, reference and due date, and the code the guide prints.
 */
const GUIDE_VERSION_4 = [
  ['FI79 4405 2020 0360 82', 488315, '86851 62596 19897', '2010-06-12', '479440520200360820048831500000000868516259619897100612'],
  ['FI58 1017 1000 0001 22', 48299, '55958 22432 94671', '2012-01-31', '458101710000001220004829900000000559582243294671120131'],
  ['FI02 5000 4640 0013 02', 69380, '69 87567 20834 35364', '2011-07-24', '402500046400013020006938000000069875672083435364110724'],
  ['FI15 6601 0001 5306 41', 744454, '7 75847 47906 47489', '2019-12-19', '415660100015306410074445400000007758474790647489191219'],
  ['FI16 8000 1400 0502 67', 93585, '78 77767 96566 28687', null, '416800014000502670009358500000078777679656628687000000'],
  ['FI73 3131 3001 0000 58', 0, '8 68624', '2013-08-09', '473313130010000580000000000000000000000000868624130809'],
  ['FI83 3301 0001 1007 75', 15000020, '92125 37425 25398 97737', '2016-05-25', '483330100011007751500002000092125374252539897737160525'],
  ['FI39 3636 3002 0924 92', 103, '59 07383 90', '2023-03-11', '439363630020924920000010300000000000000590738390230311'],
  ['FI92 3939 0001 0033 91', 2, '13 57914', '2099-12-24', '492393900010033910000000200000000000000001357914991224'],
] as const;

const GUIDE_VERSION_5 = [
  ['FI79 4405 2020 0360 82', 488315, 'RF09 8685 1625 9619 897', '2010-06-12', '579440520200360820048831509000000868516259619897100612'],
  ['FI58 1017 1000 0001 22', 48299, 'RF06 5595 8224 3294 671', '2010-01-31', '558101710000001220004829906000000559582243294671100131'],
  ['FI02 5000 4640 0013 02', 69380, 'RF61 6987 5672 0839', '2011-07-24', '502500046400013020006938061000000000698756720839110724'],
  ['FI15 6601 0001 5306 41', 744454, 'RF84 7758 4747 9064 7489', '2019-12-19', '515660100015306410074445484000007758474790647489191219'],
  ['FI16 8000 1400 0502 67', 93585, 'RF60 7877 7679 6566 2868 7', null, '516800014000502670009358560000078777679656628687000000'],
  ['FI73 3131 3001 0000 58', 0, 'RF10 8686 24', '2013-08-09', '573313130010000580000000010000000000000000868624130809'],
  [
    'FI83 3301 0001 1007 75',
    15000020,
    'RF71 9212 5374 2525 3989 7737',
    '2016-05-25',
    '583330100011007751500002071092125374252539897737160525',
  ],
  ['FI39 3636 3002 0924 92', 103, 'RF66 5907 3839 0', '2023-03-11', '539363630020924920000010366000000000000590738390230311'],
  ['FI92 3939 0001 0033 91', 2, 'RF95 1357 914', '2099-12-24', '592393900010033910000000295000000000000001357914991224'],
] as const;

const compact = (text: string) => text.replace(/\s/g, '');

describe('the Finnish bank bar code (Finance Finland, Bank Bar Code Guide 5.3)', () => {
  it.each(GUIDE_VERSION_4)('version 4: %s, %i cents, reference %s, due %s', (iban, cents, reference, dueDate, expected) => {
    const read = readReference(reference, 'FI');
    expect(read.kind).toBe('national');
    expect(bankBarcode({ iban: compact(iban), cents, reference: read, dueDate })).toBe(expected);
  });

  it.each(GUIDE_VERSION_5)('version 5: %s, %i cents, reference %s, due %s', (iban, cents, reference, dueDate, expected) => {
    const read = readReference(reference, 'FI');
    expect(read.kind).toBe('rf');
    expect(bankBarcode({ iban: compact(iban), cents, reference: read, dueDate })).toBe(expected);
  });

  it('is 54 digits, writes an amount over 999 999,99 € as zeros, and has no code for a foreign account or a payment purpose', () => {
    const reference = readReference('RF18539007547034', 'FI');
    const code = bankBarcode({ iban: 'FI2112345600000785', cents: 100_000_000, reference, dueDate: '2026-12-31' });
    expect(code).toMatch(/^\d{54}$/);
    expect(code!.slice(17, 25)).toBe('00000000');
    expect(bankBarcode({ iban: 'EE382200221020145685', cents: 100, reference, dueDate: null })).toBeNull();
    expect(bankBarcode({ iban: 'FI2112345600000785', cents: 100, reference: readReference('LV-2026-01', 'FI'), dueDate: null })).toBeNull();
  });
});

describe('references', () => {
  it('computes the 7-3-1 check digit of Pangaliit’s example and the guide’s Finnish references', () => {
    expect(checkDigit731('12131295')).toBe(2);
    expect(nationalReference('12131295')).toBe('121312952');
    for (const [, , reference] of GUIDE_VERSION_4) expect(isValidNationalReference(compact(reference), 'FI'), reference).toBe(true);
    expect(isValidNationalReference('121312953', 'EE')).toBe(false);
    expect(isValidNationalReference('12', 'EE')).toBe(false);
    expect(isValidNationalReference('13', 'EE')).toBe(true);
    expect(isValidNationalReference('13', 'FI')).toBe(false);
  });

  it('makes a new invoice’s reference by the site’s kind, and reads a stored one by its form', () => {
    expect(referenceFor('national', '12131295', 'X-1')).toBe('121312952');
    expect(referenceFor('rf', '539007547034', 'X-1')).toBe('RF18539007547034');
    expect(referenceFor('none', '539007547034', 'DS-100-202601')).toBe('DS-100-202601');
    expect(readReference('RF18 5390 0754 7034', 'LV')).toEqual({ kind: 'rf', value: 'RF18539007547034' });
    expect(readReference('121312952', 'EE')).toEqual({ kind: 'national', value: '121312952' });
    expect(readReference('121312952', 'LV')).toEqual({ kind: 'purpose', value: '121312952' });
  });

  it('prints RF and Estonian references in groups of four and Finnish ones in groups of five from the right', () => {
    expect(printedReference({ kind: 'rf', value: 'RF18539007547034' }, 'FI')).toBe('RF18 5390 0754 7034');
    expect(printedReference({ kind: 'national', value: '69875672083435364' }, 'FI')).toBe('69 87567 20834 35364');
    expect(printedReference({ kind: 'national', value: '121312952' }, 'EE')).toBe('1213 1295 2');
  });
});

describe('the EPC QR code (EPC069-12, the examples of section 2.3)', () => {
  it('lays out the guideline’s second example exactly: version 002, no BIC, unstructured remittance', () => {
    const payload = epcQrPayload({
      name: "François D'Alsace S.A.",
      iban: 'FR1420041010050500013M02606',
      bic: null,
      cents: 1230,
      remittance: { unstructured: 'Client:Marie Louise La Lune' },
    });
    expect(payload).toBe(
      "BCD\n002\n1\nSCT\n\nFrançois D'Alsace S.A.\nFR1420041010050500013M02606\nEUR12.3\n\n\nClient:Marie Louise La Lune",
    );
  });

  it('lays out the first example as version 002: BIC, UTF-8 name, structured RF reference last with no line after it', () => {
    const payload = epcQrPayload({
      name: 'Franz Mustermänn',
      iban: 'DE71110220330123456789',
      bic: 'BHBLDEHHXXX',
      cents: 1230,
      remittance: { structured: 'RF18539007547034' },
    });
    // The guideline's example carries the purpose code GDDS, which invoices of the portal leave empty.
    expect(payload).toBe('BCD\n002\n1\nSCT\nBHBLDEHHXXX\nFranz Mustermänn\nDE71110220330123456789\nEUR12.3\n\nRF18539007547034');
  });

  it('writes whole euros without decimals and leaves the amount out when there is nothing to pay', () => {
    const base = { name: 'Lumo Energia Oy', iban: 'FI2112345600000785', bic: 'NDEAFIHH', remittance: { structured: '121312952' } };
    expect(epcQrPayload({ ...base, cents: 100 }).split('\n')[7]).toBe('EUR1');
    expect(epcQrPayload({ ...base, cents: 4205 }).split('\n')[7]).toBe('EUR42.05');
    expect(epcQrPayload({ ...base, cents: 0 }).split('\n')[7]).toBe('');
  });
});
