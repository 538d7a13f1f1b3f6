/**
 * Every stable error code the API answers with, and its kind. The kind decides the HTTP status in one place
 * (apps/server/src/platform/errors.ts); the web translates codes of the customer-facing kinds
 * (`errors.codes.<CODE>`). A code, once shipped, keeps its meaning: clients key on it.
 *
 * - invalid: the request is malformed (400)
 * - unauthenticated: no session, or the session needs a fresh e-ID verification first (401)
 * - forbidden: signed in, but this person may not do this (403)
 * - notFound: nothing of the acting customer's by that name, or a feature the site does not offer (404)
 * - conflict: another request got there first; reading again and retrying can succeed (409)
 * - refused: well-formed, but a business rule says no; the message is safe to show (422, spec §8: yellow)
 * - tooMany: slow down (429)
 * - upstream: an outside system failed; retrying later can succeed (502)
 * - tooLarge: more bytes, entries or rows than the input limits take (413; apps/server/src/platform/input-limits.ts)
 * - busy: this server copy has no room for the work now; retrying after Retry-After can succeed (503)
 */
export const ERROR_KINDS = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'notFound',
  'conflict',
  'refused',
  'tooMany',
  'upstream',
  'tooLarge',
  'busy',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const ERROR_CODES = {
  // Platform
  VALIDATION_FAILED: 'invalid',
  INVALID_CHARACTERS: 'invalid',
  BAD_URL: 'invalid',
  BODY_TOO_LARGE: 'tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'invalid',
  ROUTE_NOT_FOUND: 'notFound',
  UNKNOWN_SITE: 'notFound',
  FEATURE_DISABLED: 'notFound',
  CROSS_SITE_REQUEST: 'forbidden',
  RATE_LIMITED: 'tooMany',
  // Import through the running server (docs/decisions/014)
  IMPORT_NOT_LOCAL: 'forbidden',
  IMPORT_TOKEN_REFUSED: 'forbidden',
  IMPORT_REJECTED: 'invalid',
  // Identity
  SESSION_REQUIRED: 'unauthenticated',
  REVERIFICATION_REQUIRED: 'unauthenticated',
  NO_CUSTOMER: 'forbidden',
  STAFF_ONLY: 'forbidden',
  OTHER_SITE: 'forbidden',
  REPRESENTATIVE_CODE_INVALID: 'forbidden',
  UNKNOWN_CLIENT_CODE: 'notFound',
  PROFILE_NOT_FOUND: 'notFound',
  SIGN_IN_REFUSED: 'invalid',
  INVALID_PHONE: 'invalid',
  EMAIL_IN_USE: 'refused',
  // Settings (docs/decisions/040-settings-profile-and-bank-accounts.md)
  PREFERRED_LOCALE_NOT_OFFERED: 'invalid',
  EMAIL_LINK_INVALID: 'notFound',
  EMAIL_LINK_USED: 'refused',
  EMAIL_LINK_EXPIRED: 'refused',
  BANK_ACCOUNT_EXISTS: 'refused',
  BANK_ACCOUNT_NOT_FOUND: 'notFound',
  CONTACT_NOT_FOUND: 'notFound',
  CONTACT_DUPLICATE: 'invalid',
  NOTIFICATION_SUBJECT_NOT_OFFERED: 'invalid',
  NOTIFICATION_CHANNEL_NOT_OFFERED: 'invalid',
  NOTIFICATION_THRESHOLD_NOT_ALLOWED: 'invalid',
  NOTIFICATION_MARGIN_NOT_ALLOWED: 'invalid',
  NOTIFICATION_CONTACT_INVALID: 'invalid',
  NOTIFICATION_SETTING_EXISTS: 'refused',
  NOTIFICATION_SETTING_NOT_FOUND: 'notFound',
  // Web push (docs/decisions/041-web-push.md)
  PUSH_NOT_FOR_STAFF: 'refused',
  PUSH_SERVICE_NOT_ALLOWED: 'invalid',
  // Sites, translations, reference data
  LOCALE_NOT_OFFERED: 'notFound',
  UNKNOWN_COUNTRY: 'notFound',
  NO_EXTERNAL_SERVICE: 'notFound',
  // Energy data
  OBJECT_NOT_FOUND: 'notFound',
  METERING_POINT_NOT_FOUND: 'notFound',
  CONTRACT_NOT_FOUND: 'notFound',
  CONTRACT_STATUS_REFUSED: 'refused',
  CONTRACT_MANAGEMENT_DISABLED: 'refused',
  BILLING_CHANNEL_NOT_AVAILABLE: 'refused',
  MOVE_OUT_DATE_REFUSED: 'refused',
  MOVE_OUT_READING_TOO_EARLY: 'refused',
  MOVE_OUT_ALREADY_REPORTED: 'refused',
  // A copy of everything about me (docs/decisions/110)
  DATA_EXPORT_NOT_FOR_STAFF: 'refused',
  DATA_EXPORT_IN_PROGRESS: 'refused',
  DATA_EXPORT_NOT_FOUND: 'notFound',
  DATA_EXPORT_NOT_READY: 'conflict',
  // Closing my account (docs/decisions/122)
  ERASURE_CONTRACT_IN_FORCE: 'refused',
  ERASURE_INVOICE_UNPAID: 'refused',
  ERASURE_NOT_FOR_STAFF: 'refused',
  ERASURE_REQUEST_NOT_FOUND: 'notFound',
  // Connections and solar (docs/decisions/124)
  CONNECTION_REQUEST_NOT_FOUND: 'notFound',
  CONNECTION_REQUEST_DECIDED: 'refused',
  CONNECTION_TRANSITION_NOT_ALLOWED: 'refused',
  CONNECTION_DATE_OUT_OF_RANGE: 'refused',
  CONNECTION_POINT_NOT_ELECTRICITY: 'refused',
  // Planned outages an operator's staff publish (docs/decisions/126)
  OUTAGE_NOT_FOUND: 'notFound',
  OUTAGE_NOT_EDITABLE: 'refused',
  OUTAGE_START_IN_PAST: 'refused',
  OUTAGE_AREA_UNKNOWN: 'refused',
  // Readings customers enter (docs/decisions/112)
  METER_READING_NOT_HAND_READ: 'refused',
  METER_READING_BELOW_LAST: 'refused',
  METER_READING_IMPLAUSIBLE: 'refused',
  // Readings for a past day and staff overrides (docs/decisions/130)
  METER_READING_ABOVE_NEXT: 'refused',
  METER_READING_TOO_LOW_FOR_NEXT: 'refused',
  METER_READING_DAY_OUT_OF_RANGE: 'refused',
  METER_PHOTO_NOT_FOUND: 'notFound',
  // The reading system's measured readings (docs/decisions/131)
  SYSTEM_TOKEN_REFUSED: 'unauthenticated',
  BATCH_TOO_LARGE: 'tooLarge',
  METER_READING_IN_FUTURE: 'invalid',
  // Signing and renewing (docs/decisions/033-036)
  SIGNING_NOT_OFFERED: 'refused',
  SIGNING_NEEDS_E_ID: 'refused',
  SIGNING_NOT_FOR_STAFF: 'refused',
  SIGNING_VARIANT_REFUSED: 'refused',
  SIGNING_SERVICE_FAILED: 'upstream',
  SIGNING_NOT_FOUND: 'notFound',
  SIGNING_PROVIDER_UNKNOWN: 'notFound',
  SIGNING_PENDING: 'conflict',
  SIGNING_REFUSED: 'refused',
  SIGNING_EXPIRED: 'refused',
  USAGE_POINT_NOT_FOUND: 'notFound',
  USAGE_POINT_TAKEN: 'refused',
  ALREADY_SUPPLIED: 'refused',
  EIC_MISMATCH: 'refused',
  START_DATE_REFUSED: 'refused',
  PRODUCT_NOT_AVAILABLE: 'refused',
  // A network product change (docs/decisions/127-network-product-change.md)
  NOT_A_GRID_CONTRACT: 'refused',
  NETWORK_PRODUCT_UNCHANGED: 'refused',
  NETWORK_PRODUCT_CHANGED_RECENTLY: 'refused',
  NETWORK_PRODUCT_CHANGE_NOT_PENDING: 'refused',
  TERM_NOT_OFFERED: 'refused',
  CO_OWNER_NOT_OFFERED: 'refused',
  BUSINESS_CODE_INVALID: 'refused',
  PERSONAL_CODE_INVALID: 'invalid',
  DATAHUB_FAILED: 'upstream',
  DOCUMENT_TYPE_REFUSED: 'refused',
  DOCUMENT_NOT_SIGNED: 'refused',
  SIGNATURE_INVALID: 'refused',
  DOCUMENT_NOT_THIS_CONTRACT: 'refused',
  SERIES_NOT_AVAILABLE: 'invalid',
  RESOLUTION_NOT_AVAILABLE: 'invalid',
  RANGE_TOO_LONG: 'invalid',
  // Invoices and postponement (docs/decisions/010-invoice-postponement.md)
  INVOICE_NOT_FOUND: 'notFound',
  INVOICE_ALREADY_PAID: 'refused',
  POSTPONEMENT_LIMIT_REACHED: 'refused',
  POSTPONEMENT_WINDOW_CLOSED: 'refused',
  POSTPONE_DATE_NOT_LATER: 'refused',
  POSTPONE_DATE_IN_PAST: 'refused',
  POSTPONE_DATE_TOO_FAR: 'refused',
  POSTPONE_DATE_PAST_NEXT_INVOICE: 'refused',
  // Payments (docs/decisions/011-payment-providers.md)
  PAYMENT_NOT_FOUND: 'notFound',
  PAYMENT_PROVIDER_UNKNOWN: 'notFound',
  PAYMENT_PROVIDER_UNAVAILABLE: 'refused',
  PAYMENT_IN_PROGRESS: 'conflict',
  PAYMENT_OTHER_METHOD_IN_PROGRESS: 'refused',
  IDEMPOTENCY_KEY_REUSED: 'refused',
  PAYMENT_PROVIDER_FAILED: 'upstream',
  CALLBACK_SIGNATURE_INVALID: 'unauthenticated',
  CALLBACK_INVALID: 'invalid',
  CALLBACKS_NOT_SUPPORTED: 'notFound',
  // Power control, HAN port and live readings (docs/decisions/060-power-control.md)
  LOAD_NOT_FOUND: 'notFound',
  COMMAND_NOT_FOUND: 'notFound',
  PLAN_NOT_FOUND: 'notFound',
  METER_NOT_CONTROLLABLE: 'refused',
  REMOTE_SWITCHING_NOT_OFFERED: 'refused',
  LOAD_NOT_PLANNABLE: 'refused',
  PLAN_WINDOW_INVALID: 'refused',
  PLAN_PRICES_MISSING: 'refused',
  PLAN_OVERLAPS: 'refused',
  PLAN_FINISHED: 'refused',
  COMMAND_BUSY: 'conflict',
  // Feedback survey (docs/decisions/050-feedback-survey.md)
  FEEDBACK_FORM_NOT_FOUND: 'notFound',
  FEEDBACK_ALREADY_SENT: 'refused',
  FEEDBACK_NEEDS_VERIFIED_PERSON: 'forbidden',
  // Support tickets and the inbox (docs/decisions/054-support-tickets.md)
  SUPPORT_SUBTYPE_UNKNOWN: 'invalid',
  SUPPORT_CONTACT_MISSING: 'invalid',
  SUPPORT_TICKET_NOT_FOUND: 'notFound',
  ATTACHMENT_TYPE_NOT_ALLOWED: 'invalid',
  ATTACHMENT_NOT_FOUND: 'notFound',
  SUPPORT_HANDLED_IN_CRM: 'refused',
  TICKET_NOT_RESOLVED: 'refused',
  TICKET_ALREADY_RATED: 'refused',
  TICKET_CLOSED: 'refused',
  INBOX_MESSAGE_NOT_FOUND: 'notFound',
  // Portal announcements (docs/decisions/059-portal-announcements.md)
  ANNOUNCEMENT_NOT_FOUND: 'notFound',
  ANNOUNCEMENT_LOCALE_NOT_OFFERED: 'invalid',
  // Customer-service workspace and active sessions (docs/decisions/075, 077)
  SESSION_NOT_FOUND: 'notFound',
  // The admin area (docs/decisions/070-074)
  DOMAIN_TAKEN: 'conflict',
  DOMAIN_NOT_FOUND: 'notFound',
  DOMAIN_LAST: 'refused',
  DOMAIN_IN_USE: 'refused',
  FEATURE_NOT_RELEASED: 'invalid',
  SITE_LOCALE_REQUIRED: 'invalid',
  TRANSLATION_KEY_UNKNOWN: 'invalid',
  TRANSLATION_INVALID: 'invalid',
  // Input limits on every byte a client sends (issue 25, docs/decisions/098, 099; apps/server/src/platform/input-limits.ts)
  BODY_TOO_DEEP: 'refused',
  ARCHIVE_TOO_LARGE: 'tooLarge',
  ARCHIVE_UNSAFE: 'refused',
  DOCUMENT_TOO_COMPLEX: 'refused',
  IMPORT_TOO_LARGE: 'tooLarge',
  PARSING_BUSY: 'busy',
  // The site's payee details (docs/decisions/095)
  PAYEE_BUSINESS_ID_INVALID: 'refused',
  PAYEE_VAT_NUMBER_INVALID: 'refused',
  PAYEE_REFERENCE_KIND_INVALID: 'refused',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes whose message a person may read as is: the web shows them translated, in yellow (spec §8). */
export const customerFacingKinds: readonly ErrorKind[] = ['refused'];
