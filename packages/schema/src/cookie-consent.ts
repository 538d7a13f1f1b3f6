/*
 * The cookie-consent record of spec §3 and §5, as vanilla-cookieconsent v3 writes it (docs/decisions/022). The server
 * reads it to draw the consent banner with the page (docs/decisions/104); the library reads and writes it in the
 * browser. Free of zod, so the shell's first load can read it.
 */

/** Spec §3: the record's cookie, kept 182 days. */
export const CONSENT_COOKIE = 'cc_cookie';

/** Bump when the categories or services change: every visitor is asked again (spec §5). */
export const CONSENT_REVISION = 1;

type ConsentRecord = {
  consentId?: unknown;
  consentTimestamp?: unknown;
  lastConsentTimestamp?: unknown;
  categories?: unknown;
  revision?: unknown;
};

function parseRecord(value: string): ConsentRecord | null {
  for (const text of [value, safeDecode(value)]) {
    try {
      const record: unknown = JSON.parse(text);
      if (record && typeof record === 'object') return record;
    } catch {
      // The library writes the JSON URI-encoded; a cookie parser may or may not have decoded it.
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether the cookie's value records an answer to the current revision: the library's own test (v3.1 `validConsent`):
 * a consent id, both timestamps, a list of categories and the revision asked. Anything else, a missing cookie
 * included, means the person is asked.
 */
export function consentAnswered(value: string | undefined): boolean {
  const record = value ? parseRecord(value) : null;
  return (
    !!record &&
    typeof record.consentId === 'string' &&
    record.consentId !== '' &&
    !!record.consentTimestamp &&
    !!record.lastConsentTimestamp &&
    Array.isArray(record.categories) &&
    record.revision === CONSENT_REVISION
  );
}

/** The categories a valid record accepts (`necessary` among them); none when the person has not answered. */
export function acceptedCategories(value: string | undefined): string[] {
  const record = value && consentAnswered(value) ? parseRecord(value) : null;
  return Array.isArray(record?.categories) ? record.categories.filter((category): category is string => typeof category === 'string') : [];
}
