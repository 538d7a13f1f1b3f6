import { describe, expect, it } from 'vitest';
import { estonianPersonalCodeOf, finnishPersonalCodeOf, latvianPersonalCodeOf, personalCodeOf } from './personal-codes.ts';

describe('Finnish henkilötunnus', () => {
  it('takes the register’s own example, in the ways people type it', () => {
    // Digi- ja väestötietovirasto's example of a woman born 13 October 1952.
    expect(finnishPersonalCodeOf('131052-308T')).toBe('131052-308T');
    expect(finnishPersonalCodeOf('131052-308t')).toBe('131052-308T');
    expect(finnishPersonalCodeOf(' 131052\u2013308T\u00a0')).toBe('131052-308T');
    expect(finnishPersonalCodeOf('131052-308U')).toBeNull();
    expect(finnishPersonalCodeOf('310252-308Y')).toBeNull(); // 31 February
    expect(finnishPersonalCodeOf('131052308T')).toBeNull(); // the separator says the century and, since 2023, the person
    expect(finnishPersonalCodeOf('131052-001R')).toBeNull(); // individual numbers begin at 002
  });

  it('takes Digi- ja väestötietovirasto’s test codes with every separator of 2023', () => {
    const examples = [
      '010594Y9032',
      '010594Y9021',
      '020594X903P',
      '020594X902N',
      '030594W903B',
      '030694W9024',
      '040594V9030',
      '040594V902Y',
      '050594U903M',
      '050594U902L',
      '010516B903X',
      '010516B902W',
      '020516C903K',
      '020516C902J',
      '030516D9037',
      '030516D9026',
      '010501E9032',
      '020502E902X',
      '020503F9037',
      '020504A902E',
      '020504B904H',
    ];
    for (const code of examples) expect(finnishPersonalCodeOf(code.toLowerCase()), code).toBe(code);
    // The separator is part of the code: the control character does not cover it, the century does.
    expect(finnishPersonalCodeOf('010594G9032')).toBeNull();
    expect(finnishPersonalCodeOf('290201B902X')).toBeNull(); // 29 February 2001
    expect(finnishPersonalCodeOf('010594+9032')).toBe('010594+9032');
  });
});

describe('Estonian isikukood', () => {
  it('checks the century and sex digit, the date and the two-pass check digit', () => {
    expect(estonianPersonalCodeOf('37605030299')).toBe('37605030299'); // EVS 585 example, a man born 3 May 1976
    expect(estonianPersonalCodeOf('49403136526')).toBe('49403136526');
    // The first pass gives 10, so the check digit comes from the second weights.
    expect(estonianPersonalCodeOf('36703010079')).toBe('36703010079');
    expect(estonianPersonalCodeOf('3760 5030 299')).toBe('37605030299');
    expect(estonianPersonalCodeOf('37605030298')).toBeNull();
    expect(estonianPersonalCodeOf('97605030299')).toBeNull(); // no century 9
    expect(estonianPersonalCodeOf('38102290106')).toBeNull(); // 29 February 1981
    expect(estonianPersonalCodeOf('3760503029')).toBeNull();
  });
});

describe('Latvian personas kods', () => {
  it('checks the old form’s date, century and check digit, and writes it with its hyphen', () => {
    expect(latvianPersonalCodeOf('161175-19997')).toBe('161175-19997');
    expect(latvianPersonalCodeOf('16117519997')).toBe('161175-19997');
    expect(latvianPersonalCodeOf('161175\u201119997')).toBe('161175-19997');
    expect(latvianPersonalCodeOf('161175-19996')).toBeNull();
    expect(latvianPersonalCodeOf('161375-19997')).toBeNull(); // month 13
    expect(latvianPersonalCodeOf('161175-39997')).toBeNull(); // no century 3
  });

  it('takes the form given since 1 July 2017, which has no date and no check digit to check', () => {
    expect(latvianPersonalCodeOf('32503511782')).toBe('325035-11782');
    expect(latvianPersonalCodeOf('325035-11782')).toBe('325035-11782');
    expect(latvianPersonalCodeOf('389012-34567')).toBe('389012-34567'); // 3, then 2–9: still no date
    expect(latvianPersonalCodeOf('3250351178')).toBeNull();
    expect(latvianPersonalCodeOf('32503511782X')).toBeNull();
  });
});

describe('a personal code by the site’s country', () => {
  it('answers only the country’s own form', () => {
    expect(personalCodeOf('FI', '131052-308t')).toBe('131052-308T');
    expect(personalCodeOf('EE', '131052-308T')).toBeNull();
    expect(personalCodeOf('EE', '37605030299')).toBe('37605030299');
    expect(personalCodeOf('LV', '49403136526')).toBeNull();
    expect(personalCodeOf('LV', '161175 19997')).toBe('161175-19997');
  });
});
