import { z } from 'zod';

/**
 * Site feature flags of spec §6. The spec lists what they switch but not their names;
 * docs/decisions/003-feature-flag-names.md records this naming.
 */
export const SITE_FEATURES = [
  'INVOICES',
  'INVOICE_CSV_DOWNLOAD',
  'CONTRACTS',
  'SIGNING_ADDITIONAL_PRODUCT',
  'SIGNING_E_INVOICE',
  'SIGNING_EMAIL_INVOICE',
  'SIGNING_POSTAL_INVOICE_DISABLED',
  'SIGNING_CO_OWNER_DISABLED',
  'SIGNING_OWN_GRID_PRODUCTS',
  'SIGNING_TERM_CHANGES',
  'SIGNING_USAGE_POINT_SEARCH_DISABLED',
  'CONTRACT_MANAGEMENT_DISABLED',
  'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE',
  'BUSINESS_CUSTOMER_INFO',
  'RENEWAL_OFFERS',
  'OUTAGES',
  'DASHBOARD_DISTRICT_HEAT_DISABLED',
  'SETTINGS_PHONE_NUMBER_DISABLED',
  'SETTINGS_OUTAGE_CONTACTS',
  'SETTINGS_SPOT_PRICE',
  'SETTINGS_MARKETING_CHANNELS_DISABLED',
  'SUPPORT',
  'ADVANCED_SUPPORT',
  'COOKIE_CONSENT',
  'SIGN_IN_TELECOM',
  'SIGN_IN_EMAIL_ONLY',
  'CHART_TEMPERATURE',
  'CHART_SPOT_PRICE',
  'CHART_NETTED',
  'CHART_FIVE_MINUTE',
  'PWA',
  'PUSH_NOTIFICATIONS',
  'DARK_THEME',
  'RELAY_CONTROL',
  'ADVANCED_INVOICE_POSTPONEMENT',
  'FEEDBACK',
  'PORTAL_ANNOUNCEMENTS',
  'ADMIN_LOCALIZATION',
  'MEMBERSHIP_NUMBER',
  'REAL_TIME_COST_ESTIMATION',
  'PRODUCT_GROUP_FILTERING',
  'POWER_CONTROL_ON_OFF',
  'POWER_CONTROL_HAN_PORT',
  'ADDRESSES_ACTIVE_CONTRACTS_ONLY',
  'LIVE_READINGS',
  'ADDRESS_AUTOCOMPLETE',
  'MOBILE_LAYOUT_SMALL_BREAKPOINT',
  // Readings customers enter for hand-read meters (issue 28, docs/decisions/112).
  'METER_READING_ENTRY',
  // A network operator's connection requests: main fuse changes, new connections, microgeneration (issue 29, decision 124).
  'CONNECTION_REQUESTS',
  // A network operator's customers compare its network products and change theirs once a year (issue 29, decision 127).
  'NETWORK_PRODUCT_CHANGE',
  // An alert when the month's power peak is about to rise, and plans that keep under it (issue 29, decision 128).
  'POWER_PEAK_ALERTS',
] as const;
export const siteFeature = z.enum(SITE_FEATURES);
export type SiteFeature = z.infer<typeof siteFeature>;

/**
 * The flags whose feature this release has built. A site may hold any flag above (imports and the admin
 * area speak the spec's whole vocabulary), but only these reach the session and the web app, so no page,
 * link or card promises something that does not exist yet (docs/decisions/003-feature-flag-names.md).
 * A feature area adds its flags here in the change that builds it.
 */
export const RELEASED_FEATURES: ReadonlySet<SiteFeature> = new Set<SiteFeature>([
  'INVOICES',
  'INVOICE_CSV_DOWNLOAD',
  'ADVANCED_INVOICE_POSTPONEMENT',
  'CONTRACTS',
  'CONTRACT_MANAGEMENT_DISABLED',
  'SETTINGS_PHONE_NUMBER_DISABLED',
  'SETTINGS_MARKETING_CHANNELS_DISABLED',
  'ADDRESSES_ACTIVE_CONTRACTS_ONLY',
  'COOKIE_CONSENT',
  'DARK_THEME',
  'SIGN_IN_TELECOM',
  'SIGN_IN_EMAIL_ONLY',
  'CHART_TEMPERATURE',
  'CHART_SPOT_PRICE',
  'CHART_NETTED',
  'CHART_FIVE_MINUTE',
  'RELAY_CONTROL',
  'POWER_CONTROL_ON_OFF',
  'POWER_CONTROL_HAN_PORT',
  'LIVE_READINGS',
  'FEEDBACK',
  // Settings, alerts, push and the installable app (issue 10).
  'SETTINGS_SPOT_PRICE',
  'MEMBERSHIP_NUMBER',
  'PUSH_NOTIFICATIONS',
  'PWA',
  // Outages, meter events and outage contacts (issue 11, docs/decisions/051-053).
  'OUTAGES',
  'SETTINGS_OUTAGE_CONTACTS',
  // Support tickets and the inbox (issue 11, docs/decisions/054); the guided form and ratings (058).
  'SUPPORT',
  'ADVANCED_SUPPORT',
  // Signing, renewing and the signing variants (issue 9, docs/decisions/033-036).
  'SIGNING_ADDITIONAL_PRODUCT',
  'SIGNING_E_INVOICE',
  'SIGNING_EMAIL_INVOICE',
  'SIGNING_POSTAL_INVOICE_DISABLED',
  'SIGNING_CO_OWNER_DISABLED',
  'SIGNING_OWN_GRID_PRODUCTS',
  'SIGNING_TERM_CHANGES',
  'SIGNING_USAGE_POINT_SEARCH_DISABLED',
  'CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE',
  'BUSINESS_CUSTOMER_INFO',
  'RENEWAL_OFFERS',
  'ADDRESS_AUTOCOMPLETE',
  'PRODUCT_GROUP_FILTERING',
  // Portal announcements: the customer's banner and the administrator's page (issue 11, docs/decisions/059).
  'PORTAL_ANNOUNCEMENTS',
  // The admin area's translation editor (issue 13, docs/decisions/073).
  'ADMIN_LOCALIZATION',
  // Readings customers enter for hand-read gas and heat meters, and the monthly reminder (issue 28, docs/decisions/112).
  'METER_READING_ENTRY',
  // Connections and solar: fuse changes, new connections and microgeneration notifications (issue 29, docs/decisions/124).
  'CONNECTION_REQUESTS',
  // Comparing the network products over the customer's own year and changing once a year (issue 29, docs/decisions/127).
  'NETWORK_PRODUCT_CHANGE',
  // The power peak alert and cheapest-hours plans that avoid raising the peak (issue 29, docs/decisions/128).
  'POWER_PEAK_ALERTS',
]);
