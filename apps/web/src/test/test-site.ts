import type { SiteBootstrap } from '@portal/schema/site';
import enGB from '@portal/locales/web/en-GB.json' with { type: 'json' };
import billingEnGB from '@portal/locales/web/billing/en-GB.json' with { type: 'json' };
import contractsEnGB from '@portal/locales/web/contracts/en-GB.json' with { type: 'json' };
import energyEnGB from '@portal/locales/web/energy/en-GB.json' with { type: 'json' };
import powerEnGB from '@portal/locales/web/power/en-GB.json' with { type: 'json' };
import settingsEnGB from '@portal/locales/web/settings/en-GB.json' with { type: 'json' };
import supportEnGB from '@portal/locales/web/support/en-GB.json' with { type: 'json' };
import outagesEnGB from '@portal/locales/web/outages/en-GB.json' with { type: 'json' };
import signingEnGB from '@portal/locales/web/signing/en-GB.json' with { type: 'json' };
import announcementsEnGB from '@portal/locales/web/announcements/en-GB.json' with { type: 'json' };
import staffEnGB from '@portal/locales/web/staff/en-GB.json' with { type: 'json' };
import adminEnGB from '@portal/locales/web/admin/en-GB.json' with { type: 'json' };
import connectionsEnGB from '@portal/locales/web/connections/en-GB.json' with { type: 'json' };

/** A site as the server would bootstrap it; tests override what they exercise. */
export function buildSite(overrides: Partial<SiteBootstrap> = {}): SiteBootstrap {
  return {
    id: 'lumo',
    companyName: 'Lumo Energia Oy',
    timezone: 'Europe/Helsinki',
    countryCode: 'FI',
    defaultLocaleId: 'en-GB',
    locales: [
      { id: 'fi-FI', name: 'Suomi' },
      { id: 'sv-FI', name: 'Svenska' },
      { id: 'en-GB', name: 'English' },
    ],
    features: ['COOKIE_CONSENT', 'DARK_THEME'],
    metaFields: [{ name: 'TITLE', content: 'My Lumo', localeId: 'en-GB' }],
    themeId: 'aurora',
    gaMeasurementId: null,
    cookiebotId: null,
    gtmId: null,
    piwikProId: null,
    piwikProUrl: null,
    contactLinks: [
      { type: 'PHONE', label: '+358 9 4250 1000', url: 'tel:+358942501000', localeId: null },
      { type: 'EMAIL', label: 'help@lumo.example', url: 'mailto:help@lumo.example', localeId: null },
    ],
    links: [
      { type: 'PRIVACY_POLICY', label: 'x', url: 'https://lumo.example/privacy', localeId: null },
      { type: 'PRIVACY_POLICY', label: 'x', url: 'https://lumo.example/sv/privacy', localeId: 'sv-FI' },
      { type: 'TERMS_OF_SERVICE', label: 'x', url: 'https://lumo.example/terms', localeId: null },
    ],
    ...overrides,
  };
}

export const EN_GB_BUNDLE: Record<string, string> = {
  ...enGB,
  ...energyEnGB,
  ...billingEnGB,
  ...powerEnGB,
  ...contractsEnGB,
  ...settingsEnGB,
  ...supportEnGB,
  ...outagesEnGB,
  ...signingEnGB,
  ...announcementsEnGB,
  ...staffEnGB,
  ...adminEnGB,
  ...connectionsEnGB,
};
