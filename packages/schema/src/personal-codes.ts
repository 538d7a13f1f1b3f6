import { isCalendarDate } from './calendar-dates.ts';
import { estonianCheckDigit, weightedSum } from './check-digits.ts';
import { identifierText } from './identifier-text.ts';

/**
 * Personal identity codes of the three operating countries as their population registers define them, taken as typed
 * or pasted (white space, dashes and case by `identifierText`) and answered in the register's written form, the one
 * stored and compared. A date in a code must be a real day; nothing here says whether the person exists.
 */

const dayOf = (century: number, yy: string, mm: string, dd: string) => `${century + Number(yy)}-${mm}-${dd}`;

/** The century each separator of the henkilötunnus stands for: + the 1800s, - and Y X W V U the 1900s, A and B C D E F the 2000s. */
const FINNISH_CENTURIES: Record<string, number> = Object.fromEntries([
  ['+', 1800],
  ...[...'-YXWVU'].map((sign) => [sign, 1900]),
  ...[...'ABCDEF'].map((sign) => [sign, 2000]),
]);
/** The control character of the remainder 0–30 (G I O Q Z are left out). */
const FINNISH_CONTROL_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/**
 * FI henkilötunnus (Väestötietojärjestelmästä ja Digi- ja väestötietoviraston varmennepalveluista annettu laki
 * 661/2009 and the decree on it, as amended from 1 January 2023 with new separators; Digi- ja väestötietovirasto,
 * "Henkilötunnus" and "Henkilötunnuksen välimerkkiuudistus"): DDMMYY, the century separator (+; - Y X W V U; A B C D
 * E F), the individual number 002–999 (900–999 temporary codes) and the control character, DDMMYYZZZ mod 31 in the
 * table above. Since 2023 the separator tells people apart (100190-999P and 100190Y999P are two people), so it is
 * kept as typed. Null when it is no henkilötunnus.
 */
export function finnishPersonalCodeOf(text: string): string | null {
  const code = identifierText(text);
  const match = /^(\d\d)(\d\d)(\d\d)([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(code);
  if (!match) return null;
  const [, dd = '', mm = '', yy = '', separator = '', individual = '', control = ''] = match;
  const century = FINNISH_CENTURIES[separator];
  if (century === undefined || !isCalendarDate(dayOf(century, yy, mm, dd)) || Number(individual) < 2) return null;
  return FINNISH_CONTROL_CHARACTERS[Number(`${dd}${mm}${yy}${individual}`) % 31] === control ? code : null;
}

/**
 * EE isikukood (EVS 585:2007 "Isikukood. Struktuur"; Rahvastikuregistri seadus): eleven digits, the first the sex and
 * century (1–2 the 1800s, 3–4 the 1900s, 5–6 the 2000s, 7–8 the 2100s, odd for men), YYMMDD, a serial number and the
 * two-pass mod 11 check digit shared with the registrikood. Null when it is no isikukood.
 */
export function estonianPersonalCodeOf(text: string): string | null {
  const code = identifierText(text);
  const match = /^([1-8])(\d\d)(\d\d)(\d\d)\d{3}(\d)$/.exec(code);
  if (!match) return null;
  const [, sexAndCentury = '', yy = '', mm = '', dd = '', check = ''] = match;
  const century = 1800 + Math.floor((Number(sexAndCentury) - 1) / 2) * 100;
  if (!isCalendarDate(dayOf(century, yy, mm, dd))) return null;
  return estonianCheckDigit(code.slice(0, 10)) === Number(check) ? code : null;
}

/**
 * LV personas kods (Fizisko personu reģistra likums; Pilsonības un migrācijas lietu pārvalde), eleven digits whose
 * first six may be set off by a hyphen, the written form kept here:
 * - given until 30 June 2017: DDMMYY, the century (0 the 1800s, 1 the 1900s, 2 the 2000s) and four digits, the last a
 *   check digit: 1 + Σ digit × 10 5 8 4 2 1 6 3 7 9, mod 11, mod 10 (161175-19997);
 * - given since 1 July 2017 (and to anyone who asks for it instead): 3, a digit 2–9 and nine more, all drawn at random
 *   by the register with no date and no check digit (the first ones all began 32), so only the form can be checked.
 * Null when it is no personas kods.
 */
export function latvianPersonalCodeOf(text: string): string | null {
  const match = /^(\d{6})-?(\d{5})$/.exec(identifierText(text));
  if (!match) return null;
  const [, first = '', last = ''] = match;
  const code = `${first}-${last}`;
  if (/^3[2-9]/.test(first)) return code;
  const centuryDigit = Number(last[0]);
  const born = dayOf(1800 + centuryDigit * 100, first.slice(4, 6), first.slice(2, 4), first.slice(0, 2));
  if (centuryDigit > 2 || !isCalendarDate(born)) return null;
  const digits = `${first}${last}`;
  return ((1 + weightedSum(digits.slice(0, 10), [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10 === Number(digits[10]) ? code : null;
}

/** The personal code of the country's population register in its written form, or null when the text is none of that country's. */
export function personalCodeOf(countryCode: 'FI' | 'EE' | 'LV', text: string): string | null {
  if (countryCode === 'FI') return finnishPersonalCodeOf(text);
  if (countryCode === 'EE') return estonianPersonalCodeOf(text);
  return latvianPersonalCodeOf(text);
}
