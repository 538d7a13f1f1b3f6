import { languageOf, type BundleLocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import { siteTitleFor } from '@portal/schema/site-title';
import { THEME_APP_ASSETS } from '@portal/schema/theme-assets';

/** Launchers show about a dozen letters under an icon. */
const SHORT_NAME_LENGTH = 12;

/**
 * The web app manifest of one site (W3C Web Application Manifest): its name in the person's language, icons and
 * colours of its theme, started at the portal's start page in a window of its own.
 */
export function appManifest(site: SiteBootstrap, locale: BundleLocaleId) {
  const name = siteTitleFor(site, locale);
  const assets = THEME_APP_ASSETS[site.themeId];
  const shortName = name.length <= SHORT_NAME_LENGTH ? name : (site.companyName.split(/\s+/)[0] ?? name).slice(0, SHORT_NAME_LENGTH);
  return {
    id: '/',
    name,
    short_name: shortName,
    lang: languageOf(locale),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: assets.themeColor,
    background_color: assets.backgroundColor,
    icons: [
      { src: assets.icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: assets.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: assets.maskableIcon512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ...(assets.notificationIcon ? [{ src: assets.notificationIcon, sizes: '192x192', type: 'image/png', purpose: 'any' }] : []),
    ],
  };
}
