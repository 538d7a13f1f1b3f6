/** Sign-in without a page to return to goes to the person's own landing (docs/decisions/078). */
export const DEFAULT_CALLBACK_URL = '/landing';

const PLACEHOLDER_ORIGIN = 'https://portal.invalid';

/**
 * Where a person may be sent after signing in: a path on this site only, so a crafted link can never
 * turn the sign-in page into an open redirect. Anything else becomes the person's landing.
 */
export function safeCallbackUrl(value: unknown): string {
  return isSameSitePath(value) ? value : DEFAULT_CALLBACK_URL;
}

/** A relative path beginning with exactly one `/`, that a browser also resolves on this site. */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  // Browsers read `//host` and `/\host` as another host, and drop tabs and newlines before reading.
  if (value[1] === '/' || value[1] === '\\') return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return false;
  try {
    return new URL(value, PLACEHOLDER_ORIGIN).origin === PLACEHOLDER_ORIGIN;
  } catch {
    return false;
  }
}
