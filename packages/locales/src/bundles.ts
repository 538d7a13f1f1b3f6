import { PSEUDO_LOCALE, type BundleLocaleId, type LocaleId } from '@portal/schema/locale-ids';
import type { TranslationSet } from '@portal/schema/translations';
import webEnGB from '../web/en-GB.json' with { type: 'json' };
import webEtEE from '../web/et-EE.json' with { type: 'json' };
import webFiFI from '../web/fi-FI.json' with { type: 'json' };
import webLvLV from '../web/lv-LV.json' with { type: 'json' };
import webRuRU from '../web/ru-RU.json' with { type: 'json' };
import webSvFI from '../web/sv-FI.json' with { type: 'json' };
import mobileEnGB from '../mobile/en-GB.json' with { type: 'json' };
import mobileEtEE from '../mobile/et-EE.json' with { type: 'json' };
import mobileFiFI from '../mobile/fi-FI.json' with { type: 'json' };
import mobileLvLV from '../mobile/lv-LV.json' with { type: 'json' };
import mobileRuRU from '../mobile/ru-RU.json' with { type: 'json' };
import mobileSvFI from '../mobile/sv-FI.json' with { type: 'json' };
import { pseudoLocalize } from './pseudo-locale.ts';

export const WEB_BUNDLES: Record<LocaleId, Record<string, string>> = {
  'en-GB': webEnGB,
  'et-EE': webEtEE,
  'fi-FI': webFiFI,
  'lv-LV': webLvLV,
  'ru-RU': webRuRU,
  'sv-FI': webSvFI,
};

export const MOBILE_BUNDLES: Record<LocaleId, Record<string, string>> = {
  'en-GB': mobileEnGB,
  'et-EE': mobileEtEE,
  'fi-FI': mobileFiFI,
  'lv-LV': mobileLvLV,
  'ru-RU': mobileRuRU,
  'sv-FI': mobileSvFI,
};

const SETS: Record<TranslationSet, Record<LocaleId, Record<string, string>>> = {
  web: WEB_BUNDLES,
  mobile: MOBILE_BUNDLES,
};

// Built on first request: the pseudo-locale is a development aid that most processes never serve.
const pseudoBundles = new Map<TranslationSet, Record<string, string>>();

/** The shipped bundle of a set; `dev` is en-GB pseudo-localised, to spot hard-coded text. */
export function bundleFor(set: TranslationSet, locale: BundleLocaleId): Record<string, string> {
  if (locale !== PSEUDO_LOCALE) return SETS[set][locale];
  let pseudo = pseudoBundles.get(set);
  if (!pseudo) {
    pseudo = pseudoLocalize(SETS[set]['en-GB']);
    pseudoBundles.set(set, pseudo);
  }
  return pseudo;
}
