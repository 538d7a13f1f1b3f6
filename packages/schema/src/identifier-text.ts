import { z } from 'zod';

/*
 * Identifiers as people paste them (docs/decisions/097-identifiers-as-people-paste-them.md): a bank app or a PDF
 * groups an IBAN with no-break or narrow no-break spaces, a web page leaves zero-width characters in a copied code,
 * a word processor turns the hyphen of a personal code into an en dash. None of these is part of any identifier the
 * portal takes (IBAN, business code, personal code, phone number, GSRN, EIC, OVT code), so each field's schema
 * removes them before its check, on the server and in the web's forms alike.
 */

/** Every white space (Unicode White_Space: U+0020, U+00A0, U+2007, U+202F, U+3000…) and invisible format character (Cf: U+200B–U+200D, U+2060, U+FEFF, U+00AD…). */
const INVISIBLE = /[\p{White_Space}\p{Cf}]/gu;
/** Dash punctuation (U+2010 hyphen, U+2011 non-breaking hyphen, U+2013 en dash, U+2014 em dash…) and U+2212 minus. */
const DASHES = /[\p{Pd}\u2212]/gu;

/**
 * An identifier as typed or pasted, made comparable: compatibility forms folded (NFKC: full-width digits and letters
 * become ASCII), every white space and invisible character removed, every dash made "-", letters upper case (no
 * registry of the portal's identifiers tells letters apart by case). What is left is checked by the identifier's rule.
 */
export function identifierText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(DASHES, '-').toUpperCase();
}

/**
 * A request field holding an identifier: at most `maxTyped` characters as typed (spaces and all), then normalised by
 * `identifierText`, so every rule after it and what the server stores see the compact form.
 */
export const identifierField = (maxTyped: number) => z.string().max(maxTyped).transform(identifierText);
