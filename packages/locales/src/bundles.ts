import { PSEUDO_LOCALE, type BundleLocaleId, type LocaleId } from '@portal/schema/locale-ids';
import type { TranslationSet } from '@portal/schema/translations';
import webEnGB from '../web/en-GB.json' with { type: 'json' };
import webEtEE from '../web/et-EE.json' with { type: 'json' };
import webFiFI from '../web/fi-FI.json' with { type: 'json' };
import webLvLV from '../web/lv-LV.json' with { type: 'json' };
import webRuRU from '../web/ru-RU.json' with { type: 'json' };
import webSvFI from '../web/sv-FI.json' with { type: 'json' };
import energyEnGB from '../web/energy/en-GB.json' with { type: 'json' };
import energyEtEE from '../web/energy/et-EE.json' with { type: 'json' };
import energyFiFI from '../web/energy/fi-FI.json' with { type: 'json' };
import energyLvLV from '../web/energy/lv-LV.json' with { type: 'json' };
import energyRuRU from '../web/energy/ru-RU.json' with { type: 'json' };
import energySvFI from '../web/energy/sv-FI.json' with { type: 'json' };
import billingEnGB from '../web/billing/en-GB.json' with { type: 'json' };
import billingEtEE from '../web/billing/et-EE.json' with { type: 'json' };
import billingFiFI from '../web/billing/fi-FI.json' with { type: 'json' };
import billingLvLV from '../web/billing/lv-LV.json' with { type: 'json' };
import billingRuRU from '../web/billing/ru-RU.json' with { type: 'json' };
import billingSvFI from '../web/billing/sv-FI.json' with { type: 'json' };
import mobileEnGB from '../mobile/en-GB.json' with { type: 'json' };
import mobileEtEE from '../mobile/et-EE.json' with { type: 'json' };
import mobileFiFI from '../mobile/fi-FI.json' with { type: 'json' };
import mobileLvLV from '../mobile/lv-LV.json' with { type: 'json' };
import mobileRuRU from '../mobile/ru-RU.json' with { type: 'json' };
import mobileSvFI from '../mobile/sv-FI.json' with { type: 'json' };
import { pseudoLocalize } from './pseudo-locale.ts';

type Bundle = Record<string, string>;

/**
 * Web texts are kept in one file per area and locale (shell and sign-in, energy data, billing) so that
 * work on one area never edits another's file; the bundle a browser gets is all areas together.
 */
const webArea = (...areas: Bundle[]): Bundle => Object.assign({}, ...areas);

export const WEB_BUNDLES: Record<LocaleId, Bundle> = {
  'en-GB': webArea(webEnGB, energyEnGB, billingEnGB),
  'et-EE': webArea(webEtEE, energyEtEE, billingEtEE),
  'fi-FI': webArea(webFiFI, energyFiFI, billingFiFI),
  'lv-LV': webArea(webLvLV, energyLvLV, billingLvLV),
  'ru-RU': webArea(webRuRU, energyRuRU, billingRuRU),
  'sv-FI': webArea(webSvFI, energySvFI, billingSvFI),
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
