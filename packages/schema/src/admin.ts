import { z } from 'zod';
import { isCalendarDate } from './calendar-dates.ts';
import { siteFeature } from './features.ts';
import { localeId } from './locales.ts';
import { contactLinkType, externalServiceType, metaField, siteLocale } from './site.ts';
import { themeId } from './themes.ts';

export const adminSiteParams = z.object({ siteId: z.string().min(1).max(64) });

/** An IANA zone name as the runtime knows it (`Europe/Helsinki`); offsets and abbreviations are not zones. */
export function isIanaTimezone(value: string): boolean {
  if (value === 'UTC') return true;
  return Intl.supportedValuesOf('timeZone').includes(value);
}
/**
 * Whether the zone is a whole number of hours from UTC in winter and in summer: readings' days and months are kept on
 * the site's clock from hourly sums (docs/decisions/081), which a half-hour zone would split.
 */
export function hasWholeHourOffsets(zone: string, year = new Date().getUTCFullYear()): boolean {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return [0, 6].every((month) => {
    const name = format.formatToParts(new Date(Date.UTC(year, month, 1))).find((part) => part.type === 'timeZoneName')?.value ?? '';
    return /^GMT([+-]\d{2}:00)?$/.test(name);
  });
}
export const ianaTimezone = z
  .string()
  .min(1)
  .max(64)
  .refine(isIanaTimezone, { message: 'Not an IANA time zone, such as Europe/Helsinki' })
  .refine((zone) => !isIanaTimezone(zone) || hasWholeHourOffsets(zone), { message: 'The time zone must be whole hours from UTC' });

/** PATCH /api/admin/site/{siteId}: the spec's timezone, and the theme (both are columns of the site). */
export const siteUpdateRequest = z
  .object({ timezone: ianaTimezone.optional(), themeId: themeId.optional() })
  .strict()
  .refine((update) => update.timezone !== undefined || update.themeId !== undefined, { message: 'Nothing to change' });
export type SiteUpdateRequest = z.infer<typeof siteUpdateRequest>;

/** PUT /api/admin/site/{siteId}/locales: the site's languages in order, and which of them a newcomer gets. */
export const siteLocalesUpdateRequest = z
  .object({ locales: z.array(localeId).min(1).max(6), defaultLocaleId: localeId })
  .strict()
  .refine(({ locales }) => new Set(locales).size === locales.length, { message: 'A language is listed twice', path: ['locales'] })
  .refine(({ locales, defaultLocaleId }) => locales.includes(defaultLocaleId), {
    message: 'The default language must be one of the site languages',
    path: ['defaultLocaleId'],
  });
export type SiteLocalesUpdateRequest = z.infer<typeof siteLocalesUpdateRequest>;

/** A host name a browser can reach (RFC 1123 labels), lower case, without scheme, port or path. */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .refine((host) => HOSTNAME.test(host) && !/^[0-9.]+$/.test(host), { message: 'Not a host name, such as portal.example.com' });
export const domainAddRequest = z.object({ host: hostName }).strict();
export const domainParams = adminSiteParams.extend({ host: hostName });

/** PUT /api/admin/site/{siteId}/meta-fields: the page title and description of one language; empty removes it. */
export const metaFieldsUpdateRequest = z
  .object({ localeId, title: z.string().trim().max(80), description: z.string().trim().max(300) })
  .strict();
export type MetaFieldsUpdateRequest = z.infer<typeof metaFieldsUpdateRequest>;

/** PUT /api/admin/site/{siteId}/features: the released features the site offers (others it holds are kept). */
export const featuresUpdateRequest = z.object({ features: z.array(siteFeature).max(100) }).strict();
export type FeaturesUpdateRequest = z.infer<typeof featuresUpdateRequest>;

const httpsOrContactUrl = z
  .string()
  .trim()
  .max(500)
  .refine((url) => /^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9 ()-]{3,})$/.test(url), {
    message: 'An https:// address, a mailto: or a tel: link',
  });
const linkInput = { url: httpsOrContactUrl, label: z.string().trim().max(120).nullable(), localeId: localeId.nullable() };
export const contactLinkInput = z.object({ type: contactLinkType, ...linkInput }).strict();
export const serviceLinkInput = z.object({ type: externalServiceType, ...linkInput }).strict();

/** PUT /api/admin/site/{siteId}/external-services: the footer's contact row and its links, in order. */
export const externalServicesUpdateRequest = z
  .object({ contactLinks: z.array(contactLinkInput).max(20), links: z.array(serviceLinkInput).max(40) })
  .strict()
  .refine(
    ({ contactLinks, links }) => {
      const keys = [...contactLinks.map((l) => `c:${l.type}:${l.localeId ?? ''}`), ...links.map((l) => `l:${l.type}:${l.localeId ?? ''}`)];
      return new Set(keys).size === keys.length;
    },
    { message: 'Each kind of link once per language' },
  );
export type ExternalServicesUpdateRequest = z.infer<typeof externalServicesUpdateRequest>;

/** GET /api/admin/site/{siteId}: everything the site page edits, read fresh (not the shell's kept copy). */
export const adminSiteSettings = z.object({
  id: z.string(),
  companyName: z.string(),
  timezone: z.string(),
  themeId,
  defaultLocaleId: localeId,
  locales: z.array(siteLocale),
  domains: z.array(z.string()),
  /** Released features the site offers now. */
  features: z.array(siteFeature),
  /** Released features the admin may switch (spec §6 flags this release has built). */
  offeredFeatures: z.array(siteFeature),
  metaFields: z.array(metaField),
  contactLinks: z.array(contactLinkInput),
  links: z.array(serviceLinkInput),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettings>;

export const adminTranslationQuery = z.object({ locale: localeId });
/** One interface text of a locale: the shipped text (null when this locale lacks it), the en-GB text, the override. */
export const adminTranslationEntry = z.object({
  key: z.string(),
  defaultText: z.string().nullable(),
  fallbackText: z.string(),
  override: z.string().nullable(),
});
export type AdminTranslationEntry = z.infer<typeof adminTranslationEntry>;
export const adminTranslations = z.object({ locale: localeId, entries: z.array(adminTranslationEntry) });
export type AdminTranslations = z.infer<typeof adminTranslations>;
/** PATCH .../translations?locale: key to the new text, or null to go back to the shipped text. */
export const translationsUpdateRequest = z
  .object({
    translations: z
      .record(z.string().min(1).max(200), z.string().trim().min(1).max(4000).nullable())
      .refine((entries) => Object.keys(entries).length >= 1 && Object.keys(entries).length <= 500, {
        message: 'Between 1 and 500 texts at a time',
      }),
  })
  .strict();
export type TranslationsUpdateRequest = z.infer<typeof translationsUpdateRequest>;

const calendarDate = z.string().refine(isCalendarDate, { message: 'A date as YYYY-MM-DD' });
export const AUDIT_PAGE_SIZE = 50;
export const auditQuery = z
  .object({
    person: z.string().trim().max(100).optional(),
    customer: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'The first day comes after the last', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;
/**
 * What a person did, as an audit line tells it to an administrator in their language (`admin.audit.event.<event>`,
 * docs/decisions/107): the stored `action` is the code's own wording and stays for the CSV and the filter.
 */
export const AUDIT_EVENTS = [
  'site-updated',
  'site-locales-changed',
  'site-domain-added',
  'site-domain-removed',
  'site-meta-fields-changed',
  'site-features-changed',
  'site-links-changed',
  'site-translations-changed',
  'feedback-form-added',
  'feedback-form-updated',
  'feedback-answers-deleted',
  'feedback-answers-read',
  'announcement-created',
  'announcement-updated',
  'announcement-deleted',
  'audit-log-exported',
  'admin-page-read',
  'admin-change-tried',
  'customers-searched',
  'customer-card-opened',
  'acting-started',
  'acting-refused',
  'customer-data-read',
  'customer-data-changed',
  'acting-call',
  'ticket-read',
  'ticket-assigned',
  'ticket-replied',
  'ticket-resolved',
  'load-control-command',
  'load-control-plan',
  'session-signed-out',
  'other-sessions-signed-out',
  'sign-in-refused',
  'representative-code-entered',
  'meter-reading-entered',
  'data-copy-made',
  'network-product-changed',
  'network-product-change-cancelled',
  'other',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
/** How it ended (`admin.audit.result.<result>`); `count` goes with `found` and `signed-out`. */
export const AUDIT_RESULTS = [
  'done',
  'refused',
  'not-found',
  'failed',
  'pending',
  'confirmed',
  'timed-out',
  'scheduled',
  'cancelled',
  'found',
  'signed-out',
] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  personName: z.string().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  /** As stored: the code's wording (`site updated`, `GET /api/invoices`); technical, for the CSV and the filter. */
  action: z.string(),
  outcome: z.string(),
  event: z.enum(AUDIT_EVENTS),
  /**
   * What the event is about, when the event's text names it: a data area (@portal/schema/data-access) for
   * customer-data events, a command action (@portal/schema/power) for load-control commands, the stored action for
   * `other`; otherwise null.
   */
  subject: z.string().nullable(),
  result: z.enum(AUDIT_RESULTS),
  /** With `found` (customers found; a `+` when more were) and `signed-out` (sessions ended). */
  count: z.string().nullable(),
  details: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({
  entries: z.array(auditEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;
