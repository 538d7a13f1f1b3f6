import type { ColorScheme } from '@portal/schema/enums';
import type { SiteBootstrap } from '@portal/schema/site';

export const COLOR_SCHEME_COOKIE = 'color-scheme';
export const COLOR_SCHEME_OVERRIDE_COOKIE = 'color-scheme-override';

/**
 * Spec §4: with the dark-theme feature the scheme follows the device unless the person chose one
 * (override cookie true); without the feature a dark scheme is forced back to light.
 */
export function resolveColorScheme(site: SiteBootstrap, cookies: Record<string, string | undefined>): ColorScheme {
  if (!site.features.includes('DARK_THEME')) return 'light';
  if (cookies[COLOR_SCHEME_OVERRIDE_COOKIE] !== 'true') return 'auto';
  const chosen = cookies[COLOR_SCHEME_COOKIE];
  return chosen === 'dark' || chosen === 'auto' ? chosen : 'light';
}
