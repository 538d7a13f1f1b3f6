import { z } from 'zod';

/** Enumerations of spec §3, the single source for server validation and web types. */

export const COUNTRIES = [
  { name: 'FINLAND', code: 'FI', group: 'GROUP-A' },
  { name: 'ESTONIA', code: 'EE', group: 'GROUP-B' },
  { name: 'LATVIA', code: 'LV', group: 'GROUP-B' },
] as const;
export const operatingCountryCode = z.enum(['FI', 'EE', 'LV']);
export type OperatingCountryCode = z.infer<typeof operatingCountryCode>;

export const contractNotificationChannel = z.enum(['None', 'Email', 'Gsm', 'Post', 'PushNotification']);
export const invoiceType = z.enum(['Regular', 'E-Invoice']);
export const invoicePaymentStatus = z.enum(['paid', 'unpaid']);
export const invoiceDelivery = z.enum(['email', 'postal']);
export const customerType = z.enum(['private', 'legal']);
export type CustomerType = z.infer<typeof customerType>;
export const contactMethod = z.enum(['Email', 'Phone', 'Gsm']);
export const contactPreference = z.enum(['email', 'phone', 'none']);
export const contractType = z.enum([
  'Undefined',
  'ConnectionContract',
  'GridContract',
  'SupplyContract',
  'BillingContract',
  'BackgroundContract',
  'SalesOrderContract',
  'CustomContract',
  'InstallmentContract',
  'GasSupplyContract',
  'GroupContract',
  'GasGridContract',
  'HeatingGridContract',
  'PurchaseContract',
]);
export type ContractType = z.infer<typeof contractType>;
export const billingChannelKind = z.enum(['Email', 'Address', 'IBAN', 'OVT', 'EInvoiceRequest']);
export type BillingChannelKind = z.infer<typeof billingChannelKind>;
/** Life cycle of a contract (docs/decisions/030-contract-life-cycle.md); spec §4 leaves the values open. */
export const contractStatus = z.enum(['draft', 'awaiting-signature', 'signed', 'active', 'ending', 'ended', 'cancelled']);
export type ContractStatus = z.infer<typeof contractStatus>;
export const linkKind = z.enum(['PRIVACY_POLICY', 'TERMS_OF_SERVICE', 'EXTERNAL_SUPPORT', 'SIGN_IN_TERMS_AND_CONDITIONS']);
export type LinkKind = z.infer<typeof linkKind>;
export const currentOrNew = z.enum(['current', 'new']);
export const existingFlag = z.enum(['existing', 'nonextant']);
export const outageContactMethod = z.enum(['Email', 'Phone', 'Gsm', 'Post']);
export const outageNotificationTiming = z.enum(['Always', 'NoNightHours', 'SendAfterNightHours']);
export type OutageNotificationTiming = z.infer<typeof outageNotificationTiming>;
export type OutageContactMethod = z.infer<typeof outageContactMethod>;
export const paymentProvider = z.enum(['NEONOMICS', 'EVERYPAY']);
export const priceComponentKind = z.enum([
  'Base',
  'Day',
  'Night',
  'DayWinter',
  'NightWinter',
  'Monthly',
  'Margin',
  'YearlyCost',
  'PaperBill',
  'Floor',
  'Ceiling',
  'Power',
]);
export type PriceComponentKind = z.infer<typeof priceComponentKind>;
export const offerVisibility = z.enum(['Unknown', 'Public', 'TargetGroup', 'Personal', 'CampaignCode']);
export type OfferVisibility = z.infer<typeof offerVisibility>;
export const priceType = z.enum([
  'Hourly',
  'Fixed',
  'WeightedAverage',
  'FixedInAdvance',
  'FixedMonthly',
  'FixedQuarterly',
  'FixedIndefinitely',
  'External',
  'ExternalFixed',
  'Production',
  'MonthlyFee',
  'Service',
  'FixedHourlyWithPriceLimits',
  'FixedTermWithTermlessFollowup',
]);
export type PriceType = z.infer<typeof priceType>;
export const chartSeries = z.enum(['production', 'consumption', 'netted', 'price', 'temperature']);
export const utility = z.enum(['electricity', 'heating', 'gas']);
export type Utility = z.infer<typeof utility>;
export const addressSearchMode = z.enum(['ADDRESS', 'GSRN', 'EIC_OR_METER_NUMBER', 'EIC', 'ADDRESS_AND_METER_NUMBER']);
export type AddressSearchMode = z.infer<typeof addressSearchMode>;
export const verificationKind = z.enum(['SsnVerified', 'EmailVerified']);
export const usagePointKind = z.enum([
  'UsagePoint',
  'TechAndUsagePoint',
  'TechPoint',
  'XpowerFeeder',
  'XpowerSubstation',
  'EEFeeder',
  'EESubstation',
  'MicrogenerationSite',
]);
export type UsagePointKind = z.infer<typeof usagePointKind>;
export const integration = z.enum(['OUTAGE_NOTIFICATION_SETTINGS', 'DOKOBIT_DOCUMENT_GATEWAY', 'KSOY_API']);
export const contactRequestStatus = z.enum(['TS1', 'TS2', 'TS3', 'TS4']);
export const colorScheme = z.enum(['light', 'dark', 'auto']);
export type ColorScheme = z.infer<typeof colorScheme>;
export const clientLogLevel = z.enum(['debug', 'info', 'warn', 'error']);

/**
 * Channels a customer may receive marketing on (spec §6 "user settings: marketing channels", hidden where a site
 * has SETTINGS_MARKETING_CHANNELS_DISABLED). The spec names no values; these are the contract notification
 * channels that reach a person outside the portal (docs/decisions/040-settings-profile-and-bank-accounts.md).
 */
export const MARKETING_CHANNELS = ['Email', 'Gsm', 'Post'] as const;
export const marketingChannel = z.enum(MARKETING_CHANNELS);
export type MarketingChannel = z.infer<typeof marketingChannel>;
