import type { LocaleId } from '@portal/schema/locale-ids';
import type { SiteFeature } from '@portal/schema/features';
import type { PayeeDetails } from '@portal/schema/payee';
import type { ContactLinkType, ExternalServiceType } from '@portal/schema/site';
import type { ThemeId } from '@portal/schema/themes';

type DemoLink<Type extends string> = { type: Type; url: string; label?: string; localeId?: LocaleId };

export type DemoSite = {
  id: string;
  companyName: string;
  countryCode: 'FI' | 'EE' | 'LV';
  timezone: string;
  defaultLocaleId: LocaleId;
  locales: LocaleId[];
  themeId: ThemeId;
  domains: string[];
  features: SiteFeature[];
  gaMeasurementId?: string;
  meta: Partial<Record<LocaleId, Record<string, string>>>;
  contacts: DemoLink<ContactLinkType>[];
  links: DemoLink<ExternalServiceType>[];
  /** Seller and payee of the site's invoices: made-up identifiers whose check digits are right. */
  payee: PayeeDetails;
};

const portalFeatures: SiteFeature[] = ['INVOICES', 'CONTRACTS', 'CHART_SPOT_PRICE'];

/**
 * Four fictional utilities, each showing a different mix of features: a retailer, a supplier and a district-heat
 * company, one per country, and a Finnish distribution system operator whose customers are also Lumo's (issue 29).
 */
export const DEMO_SITES: DemoSite[] = [
  {
    id: 'lumo',
    companyName: 'Lumo Energia Oy',
    countryCode: 'FI',
    timezone: 'Europe/Helsinki',
    defaultLocaleId: 'fi-FI',
    locales: ['fi-FI', 'sv-FI', 'en-GB'],
    themeId: 'aurora',
    domains: ['lumo.localhost', 'oma.lumoenergia.example'],
    features: [
      ...portalFeatures,
      'INVOICE_CSV_DOWNLOAD',
      'COOKIE_CONSENT',
      'DARK_THEME',
      'CHART_TEMPERATURE',
      'CHART_NETTED',
      'CHART_FIVE_MINUTE',
      'RELAY_CONTROL',
      'POWER_CONTROL_ON_OFF',
      'POWER_CONTROL_HAN_PORT',
      'LIVE_READINGS',
      'FEEDBACK',
      'PWA',
      'PUSH_NOTIFICATIONS',
      'SETTINGS_SPOT_PRICE',
      'OUTAGES',
      'SETTINGS_OUTAGE_CONTACTS',
      'SUPPORT',
      'ADVANCED_SUPPORT',
      'RENEWAL_OFFERS',
      'SIGNING_EMAIL_INVOICE',
      'SIGNING_E_INVOICE',
      'SIGNING_TERM_CHANGES',
      'SIGNING_ADDITIONAL_PRODUCT',
      'ADDRESS_AUTOCOMPLETE',
      'BUSINESS_CUSTOMER_INFO',
      'PRODUCT_GROUP_FILTERING',
      'PORTAL_ANNOUNCEMENTS',
      'ADMIN_LOCALIZATION',
    ],
    gaMeasurementId: 'G-LUMO2026DEMO',
    meta: {
      'fi-FI': {
        TITLE: 'Oma Lumo',
        DESCRIPTION: 'Lumo Energian asiointipalvelu: sähkön kulutus, pörssihinta, laskut ja sopimukset.',
        'Application-Name': 'Oma Lumo',
      },
      'sv-FI': {
        TITLE: 'Mitt Lumo',
        DESCRIPTION: 'Lumo Energias kundtjänst: elförbrukning, spotpris, fakturor och avtal.',
        'Application-Name': 'Mitt Lumo',
      },
      'en-GB': {
        TITLE: 'My Lumo',
        DESCRIPTION: 'Lumo Energia customer portal: electricity use, spot price, invoices and contracts.',
        'Application-Name': 'My Lumo',
      },
    },
    contacts: [
      { type: 'PHONE', label: '+358 9 4250 1000', url: 'tel:+358942501000' },
      { type: 'EMAIL', label: 'asiakaspalvelu@lumoenergia.example', url: 'mailto:asiakaspalvelu@lumoenergia.example' },
      { type: 'ADDRESS', label: 'Mannerheimintie 12, 00100 Helsinki', url: 'https://www.lumoenergia.example/yhteystiedot' },
    ],
    links: [
      { type: 'HOME_PAGE', url: 'https://www.lumoenergia.example/' },
      { type: 'PRIVACY_POLICY', url: 'https://www.lumoenergia.example/tietosuoja' },
      { type: 'PRIVACY_POLICY', url: 'https://www.lumoenergia.example/sv/dataskydd', localeId: 'sv-FI' },
      { type: 'TERMS_OF_SERVICE', url: 'https://www.lumoenergia.example/kayttoehdot' },
      { type: 'EXTERNAL_SUPPORT', url: 'https://tuki.lumoenergia.example/' },
      { type: 'SIGN_IN_TERMS_AND_CONDITIONS', url: 'https://www.lumoenergia.example/kirjautumisehdot' },
    ],
    payee: {
      legalName: 'Lumo Energia Oy',
      businessId: '2468135-7',
      vatNumber: 'FI24681357',
      street: 'Mannerheimintie 12',
      postalCode: '00100',
      city: 'Helsinki',
      accounts: [
        { iban: 'FI2112345600000785', bic: 'NDEAFIHH' },
        { iban: 'FI6157150020012345', bic: 'OKOYFIHH' },
      ],
      referenceKind: 'rf',
      epcQr: true,
    },
  },
  {
    id: 'virmalise',
    companyName: 'Virmalise Energia AS',
    countryCode: 'EE',
    timezone: 'Europe/Tallinn',
    defaultLocaleId: 'et-EE',
    locales: ['et-EE', 'en-GB', 'ru-RU'],
    themeId: 'baltic',
    domains: ['virmalise.localhost', 'minu.virmalise.example'],
    features: [
      ...portalFeatures,
      'COOKIE_CONSENT',
      'DARK_THEME',
      'SIGN_IN_TELECOM',
      'ADVANCED_INVOICE_POSTPONEMENT',
      'CHART_TEMPERATURE',
      'LIVE_READINGS',
      'POWER_CONTROL_HAN_PORT',
      'FEEDBACK',
      'PWA',
      'OUTAGES',
      'SETTINGS_OUTAGE_CONTACTS',
      'SUPPORT',
      'RENEWAL_OFFERS',
      'SIGNING_EMAIL_INVOICE',
      'SIGNING_E_INVOICE',
      'SIGNING_POSTAL_INVOICE_DISABLED',
      'SIGNING_CO_OWNER_DISABLED',
      'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE',
      'BUSINESS_CUSTOMER_INFO',
      'PORTAL_ANNOUNCEMENTS',
    ],
    meta: {
      'et-EE': { TITLE: 'Minu Virmalise', DESCRIPTION: 'Virmalise Energia iseteenindus: elekter ja gaas, arved ja lepingud.' },
      'en-GB': { TITLE: 'My Virmalise', DESCRIPTION: 'Virmalise Energia self-service: electricity and gas, invoices and contracts.' },
      'ru-RU': { TITLE: 'Мой Virmalise', DESCRIPTION: 'Самообслуживание Virmalise Energia: электричество и газ, счета и договоры.' },
    },
    contacts: [
      { type: 'PHONE', label: '+372 615 7700', url: 'tel:+3726157700' },
      { type: 'EMAIL', label: 'klienditugi@virmalise.example', url: 'mailto:klienditugi@virmalise.example' },
      { type: 'ADDRESS', label: 'Narva mnt 5, 10117 Tallinn', url: 'https://www.virmalise.example/kontakt' },
    ],
    links: [
      { type: 'HOME_PAGE', url: 'https://www.virmalise.example/' },
      { type: 'PRIVACY_POLICY', url: 'https://www.virmalise.example/privaatsus' },
      { type: 'PRIVACY_POLICY', url: 'https://www.virmalise.example/ru/konfidencialnost', localeId: 'ru-RU' },
      { type: 'TERMS_OF_SERVICE', url: 'https://www.virmalise.example/tingimused' },
      { type: 'EXTERNAL_SUPPORT', url: 'https://abi.virmalise.example/' },
    ],
    payee: {
      legalName: 'Virmalise Energia AS',
      businessId: '12345678',
      vatNumber: 'EE102468135',
      street: 'Narva mnt 5',
      postalCode: '10117',
      city: 'Tallinn',
      accounts: [{ iban: 'EE382200221020145685', bic: 'HABAEE2X' }],
      referenceKind: 'national',
      epcQr: false,
    },
  },
  {
    id: 'daugava',
    companyName: 'Daugavas Siltums SIA',
    countryCode: 'LV',
    timezone: 'Europe/Riga',
    defaultLocaleId: 'lv-LV',
    locales: ['lv-LV', 'en-GB', 'ru-RU'],
    themeId: 'daugava',
    domains: ['daugava.localhost', 'mans.daugavassiltums.example'],
    features: [
      ...portalFeatures,
      'CHART_TEMPERATURE',
      'PWA',
      'MEMBERSHIP_NUMBER',
      'SIGNING_USAGE_POINT_SEARCH_DISABLED',
      'SIGNING_OWN_GRID_PRODUCTS',
      'SIGNING_EMAIL_INVOICE',
      // Gas and heat meters read by hand: customers enter their readings (docs/decisions/112).
      'METER_READING_ENTRY',
    ],
    meta: {
      'lv-LV': { TITLE: 'Mans Daugavas Siltums', DESCRIPTION: 'Siltumenerģijas un gāzes patēriņš, rēķini un līgumi vienuviet.' },
      'en-GB': { TITLE: 'My Daugavas Siltums', DESCRIPTION: 'District heating and gas: consumption, invoices and contracts in one place.' },
      'ru-RU': { TITLE: 'Мой Daugavas Siltums', DESCRIPTION: 'Теплоснабжение и газ: потребление, счета и договоры в одном месте.' },
    },
    contacts: [
      { type: 'PHONE', label: '+371 6700 2200', url: 'tel:+37167002200' },
      { type: 'EMAIL', label: 'klienti@daugavassiltums.example', url: 'mailto:klienti@daugavassiltums.example' },
      { type: 'ADDRESS', label: 'Krasta iela 3, Rīga, LV-1050', url: 'https://www.daugavassiltums.example/kontakti' },
    ],
    links: [
      { type: 'HOME_PAGE', url: 'https://www.daugavassiltums.example/' },
      { type: 'PRIVACY_POLICY', url: 'https://www.daugavassiltums.example/privatuma-politika' },
      { type: 'TERMS_OF_SERVICE', url: 'https://www.daugavassiltums.example/noteikumi' },
      { type: 'SIGN_IN_TERMS_AND_CONDITIONS', url: 'https://www.daugavassiltums.example/pieslegsanas-noteikumi' },
    ],
    payee: {
      legalName: 'Daugavas Siltums SIA',
      businessId: '40003123453',
      vatNumber: 'LV40003123453',
      street: 'Krasta iela 3',
      postalCode: 'LV-1050',
      city: 'Rīga',
      accounts: [{ iban: 'LV87HABA0551012345678', bic: 'HABALV22' }],
      referenceKind: 'none',
      epcQr: false,
    },
  },
  {
    // A distribution system operator: it sells the network service (grid contracts, decision 119's power charge)
    // at the same metering points where Lumo sells the energy; no spot price chart, since its prices are not spot.
    id: 'kallio',
    companyName: 'Kallio Verkot Oy',
    countryCode: 'FI',
    timezone: 'Europe/Helsinki',
    defaultLocaleId: 'fi-FI',
    locales: ['fi-FI', 'sv-FI', 'en-GB'],
    themeId: 'granite',
    domains: ['kallio.localhost', 'oma.kallioverkot.example'],
    // Connections and solar (decision 124): a network operator's requests, on Kallio only. Outages as the operator
    // publishes them (decision 126): planned ones its staff enter, faults from its outage system, notices ahead. Its
    // customers compare its network products and change theirs once a year (decision 127). The meters are the
    // operator's own: it reads them live and switches their relays, and warns when a month's power peak is about to
    // rise, with plans that keep under it (decision 128).
    features: [
      'INVOICES',
      'CONTRACTS',
      'DARK_THEME',
      'CHART_TEMPERATURE',
      'PWA',
      'CONNECTION_REQUESTS',
      'OUTAGES',
      'SETTINGS_OUTAGE_CONTACTS',
      'NETWORK_PRODUCT_CHANGE',
      'RELAY_CONTROL',
      'LIVE_READINGS',
      'POWER_PEAK_ALERTS',
    ],
    meta: {
      'fi-FI': {
        TITLE: 'Oma Kallio Verkot',
        DESCRIPTION: 'Kallio Verkkojen asiointipalvelu: sähkönsiirto, kulutus, tehohuiput, laskut ja sopimukset.',
      },
      'sv-FI': {
        TITLE: 'Mitt Kallio Verkot',
        DESCRIPTION: 'Kallio Verkots kundtjänst: elöverföring, förbrukning, effekttoppar, fakturor och avtal.',
      },
      'en-GB': {
        TITLE: 'My Kallio Verkot',
        DESCRIPTION: 'Kallio Verkot customer portal: electricity distribution, consumption, power peaks, invoices and contracts.',
      },
    },
    contacts: [
      { type: 'PHONE', label: '+358 20 555 0800', url: 'tel:+358205550800' },
      { type: 'EMAIL', label: 'asiakaspalvelu@kallioverkot.example', url: 'mailto:asiakaspalvelu@kallioverkot.example' },
      { type: 'ADDRESS', label: 'Hatanpään valtatie 30, 33100 Tampere', url: 'https://www.kallioverkot.example/yhteystiedot' },
    ],
    links: [
      { type: 'HOME_PAGE', url: 'https://www.kallioverkot.example/' },
      { type: 'PRIVACY_POLICY', url: 'https://www.kallioverkot.example/tietosuoja' },
      { type: 'TERMS_OF_SERVICE', url: 'https://www.kallioverkot.example/kayttoehdot' },
    ],
    payee: {
      legalName: 'Kallio Verkot Oy',
      businessId: '1357913-8',
      vatNumber: 'FI13579138',
      street: 'Hatanpään valtatie 30',
      postalCode: '33100',
      city: 'Tampere',
      accounts: [{ iban: 'FI1550000120000112', bic: 'OKOYFIHH' }],
      referenceKind: 'rf',
      epcQr: true,
    },
  },
];
