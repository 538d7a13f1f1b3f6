import { readFileSync } from 'node:fs';

/** The interface text a person sees for a key in a locale, from the same bundles the server serves. */
export function text(locale: string, key: string): string {
  const bundle = JSON.parse(readFileSync(new URL(`../packages/locales/web/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  const value = bundle[key];
  if (!value) throw new Error(`No ${locale} text for ${key}`);
  return value;
}
