import { readdirSync, readFileSync } from 'node:fs';

const WEB_LOCALES = new URL('../packages/locales/web/', import.meta.url);
const AREAS = [
  '',
  ...readdirSync(WEB_LOCALES, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [`${entry.name}/`] : [])),
];

/** The interface text a person sees for a key in a locale, from the same bundles (every area) the server serves. */
export function text(locale: string, key: string): string {
  for (const area of AREAS) {
    const bundle = JSON.parse(readFileSync(new URL(`${area}${locale}.json`, WEB_LOCALES), 'utf8')) as Record<string, string>;
    if (bundle[key]) return bundle[key];
  }
  throw new Error(`No ${locale} text for ${key}`);
}
