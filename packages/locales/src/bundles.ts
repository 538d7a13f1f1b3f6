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
import contractsEnGB from '../web/contracts/en-GB.json' with { type: 'json' };
import contractsEtEE from '../web/contracts/et-EE.json' with { type: 'json' };
import contractsFiFI from '../web/contracts/fi-FI.json' with { type: 'json' };
import contractsLvLV from '../web/contracts/lv-LV.json' with { type: 'json' };
import contractsRuRU from '../web/contracts/ru-RU.json' with { type: 'json' };
import contractsSvFI from '../web/contracts/sv-FI.json' with { type: 'json' };
import settingsEnGB from '../web/settings/en-GB.json' with { type: 'json' };
import settingsEtEE from '../web/settings/et-EE.json' with { type: 'json' };
import settingsFiFI from '../web/settings/fi-FI.json' with { type: 'json' };
import settingsLvLV from '../web/settings/lv-LV.json' with { type: 'json' };
import settingsRuRU from '../web/settings/ru-RU.json' with { type: 'json' };
import settingsSvFI from '../web/settings/sv-FI.json' with { type: 'json' };
import supportEnGB from '../web/support/en-GB.json' with { type: 'json' };
import supportEtEE from '../web/support/et-EE.json' with { type: 'json' };
import supportFiFI from '../web/support/fi-FI.json' with { type: 'json' };
import supportLvLV from '../web/support/lv-LV.json' with { type: 'json' };
import supportRuRU from '../web/support/ru-RU.json' with { type: 'json' };
import supportSvFI from '../web/support/sv-FI.json' with { type: 'json' };
import powerEnGB from '../web/power/en-GB.json' with { type: 'json' };
import powerEtEE from '../web/power/et-EE.json' with { type: 'json' };
import powerFiFI from '../web/power/fi-FI.json' with { type: 'json' };
import powerLvLV from '../web/power/lv-LV.json' with { type: 'json' };
import powerRuRU from '../web/power/ru-RU.json' with { type: 'json' };
import powerSvFI from '../web/power/sv-FI.json' with { type: 'json' };
import adminEnGB from '../web/admin/en-GB.json' with { type: 'json' };
import adminEtEE from '../web/admin/et-EE.json' with { type: 'json' };
import adminFiFI from '../web/admin/fi-FI.json' with { type: 'json' };
import adminLvLV from '../web/admin/lv-LV.json' with { type: 'json' };
import adminRuRU from '../web/admin/ru-RU.json' with { type: 'json' };
import adminSvFI from '../web/admin/sv-FI.json' with { type: 'json' };
import outagesEnGB from '../web/outages/en-GB.json' with { type: 'json' };
import outagesEtEE from '../web/outages/et-EE.json' with { type: 'json' };
import outagesFiFI from '../web/outages/fi-FI.json' with { type: 'json' };
import outagesLvLV from '../web/outages/lv-LV.json' with { type: 'json' };
import outagesRuRU from '../web/outages/ru-RU.json' with { type: 'json' };
import outagesSvFI from '../web/outages/sv-FI.json' with { type: 'json' };
import signingEnGB from '../web/signing/en-GB.json' with { type: 'json' };
import signingEtEE from '../web/signing/et-EE.json' with { type: 'json' };
import signingFiFI from '../web/signing/fi-FI.json' with { type: 'json' };
import signingLvLV from '../web/signing/lv-LV.json' with { type: 'json' };
import signingRuRU from '../web/signing/ru-RU.json' with { type: 'json' };
import signingSvFI from '../web/signing/sv-FI.json' with { type: 'json' };
import announcementsEnGB from '../web/announcements/en-GB.json' with { type: 'json' };
import announcementsEtEE from '../web/announcements/et-EE.json' with { type: 'json' };
import announcementsFiFI from '../web/announcements/fi-FI.json' with { type: 'json' };
import announcementsLvLV from '../web/announcements/lv-LV.json' with { type: 'json' };
import announcementsRuRU from '../web/announcements/ru-RU.json' with { type: 'json' };
import announcementsSvFI from '../web/announcements/sv-FI.json' with { type: 'json' };
import staffEnGB from '../web/staff/en-GB.json' with { type: 'json' };
import staffEtEE from '../web/staff/et-EE.json' with { type: 'json' };
import staffFiFI from '../web/staff/fi-FI.json' with { type: 'json' };
import staffLvLV from '../web/staff/lv-LV.json' with { type: 'json' };
import staffRuRU from '../web/staff/ru-RU.json' with { type: 'json' };
import staffSvFI from '../web/staff/sv-FI.json' with { type: 'json' };
import connectionsEnGB from '../web/connections/en-GB.json' with { type: 'json' };
import connectionsEtEE from '../web/connections/et-EE.json' with { type: 'json' };
import connectionsFiFI from '../web/connections/fi-FI.json' with { type: 'json' };
import connectionsLvLV from '../web/connections/lv-LV.json' with { type: 'json' };
import connectionsRuRU from '../web/connections/ru-RU.json' with { type: 'json' };
import connectionsSvFI from '../web/connections/sv-FI.json' with { type: 'json' };
import mobileEnGB from '../mobile/en-GB.json' with { type: 'json' };
import mobileEtEE from '../mobile/et-EE.json' with { type: 'json' };
import mobileFiFI from '../mobile/fi-FI.json' with { type: 'json' };
import mobileLvLV from '../mobile/lv-LV.json' with { type: 'json' };
import mobileRuRU from '../mobile/ru-RU.json' with { type: 'json' };
import mobileSvFI from '../mobile/sv-FI.json' with { type: 'json' };
import { pseudoLocalize } from './pseudo-locale.ts';

type Bundle = Record<string, string>;

/**
 * Web texts are kept in one file per area and locale (shell and sign-in, energy data, billing, contracts,
 * settings, support, power control, admin, outages, signing, announcements, staff, connections) so that
 * work on one area never edits another's file; the bundle a browser gets is all areas together.
 */
const webArea = (...areas: Bundle[]): Bundle => Object.assign({}, ...areas);

export const WEB_BUNDLES: Record<LocaleId, Bundle> = {
  'en-GB': webArea(
    webEnGB,
    energyEnGB,
    billingEnGB,
    contractsEnGB,
    settingsEnGB,
    supportEnGB,
    powerEnGB,
    adminEnGB,
    outagesEnGB,
    signingEnGB,
    announcementsEnGB,
    staffEnGB,
    connectionsEnGB,
  ),
  'et-EE': webArea(
    webEtEE,
    energyEtEE,
    billingEtEE,
    contractsEtEE,
    settingsEtEE,
    supportEtEE,
    powerEtEE,
    adminEtEE,
    outagesEtEE,
    signingEtEE,
    announcementsEtEE,
    staffEtEE,
    connectionsEtEE,
  ),
  'fi-FI': webArea(
    webFiFI,
    energyFiFI,
    billingFiFI,
    contractsFiFI,
    settingsFiFI,
    supportFiFI,
    powerFiFI,
    adminFiFI,
    outagesFiFI,
    signingFiFI,
    announcementsFiFI,
    staffFiFI,
    connectionsFiFI,
  ),
  'lv-LV': webArea(
    webLvLV,
    energyLvLV,
    billingLvLV,
    contractsLvLV,
    settingsLvLV,
    supportLvLV,
    powerLvLV,
    adminLvLV,
    outagesLvLV,
    signingLvLV,
    announcementsLvLV,
    staffLvLV,
    connectionsLvLV,
  ),
  'ru-RU': webArea(
    webRuRU,
    energyRuRU,
    billingRuRU,
    contractsRuRU,
    settingsRuRU,
    supportRuRU,
    powerRuRU,
    adminRuRU,
    outagesRuRU,
    signingRuRU,
    announcementsRuRU,
    staffRuRU,
    connectionsRuRU,
  ),
  'sv-FI': webArea(
    webSvFI,
    energySvFI,
    billingSvFI,
    contractsSvFI,
    settingsSvFI,
    supportSvFI,
    powerSvFI,
    adminSvFI,
    outagesSvFI,
    signingSvFI,
    announcementsSvFI,
    staffSvFI,
    connectionsSvFI,
  ),
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
