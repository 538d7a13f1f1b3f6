import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import et from 'i18n-iso-countries/langs/et.json' with { type: 'json' };
import fi from 'i18n-iso-countries/langs/fi.json' with { type: 'json' };
import lv from 'i18n-iso-countries/langs/lv.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import sv from 'i18n-iso-countries/langs/sv.json' with { type: 'json' };
import type { Country } from '@portal/schema/countries';
import { languageOf, type LocaleId } from '@portal/schema/locale-ids';

for (const language of [en, et, fi, lv, ru, sv]) countries.registerLocale(language);

/** Every ISO 3166-1 country, named in the locale's language and sorted as that language sorts. */
export function listCountries(locale: LocaleId): Country[] {
  const language = languageOf(locale);
  const collator = new Intl.Collator(locale);
  return Object.entries(countries.getNames(language, { select: 'official' }))
    .map(([code, name]) => ({ code, alpha3: countries.alpha2ToAlpha3(code) ?? code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export function findCountry(code: string, locale: LocaleId): Country | null {
  if (!countries.isValid(code)) return null;
  const name = countries.getName(code, languageOf(locale), { select: 'official' });
  const alpha3 = countries.alpha2ToAlpha3(code);
  return name && alpha3 ? { code: code.toUpperCase(), alpha3, name } : null;
}
