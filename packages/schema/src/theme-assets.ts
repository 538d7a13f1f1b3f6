import type { ThemeId } from './themes.ts';

/**
 * What the server needs of a theme for the installed app and its notifications (docs/decisions/045-installable-app.md):
 * the manifest's colours and icons and the push notification's icon and badge. The web app's theme definitions hold
 * the same paths and colours (a web test compares them), so the installed app looks like the site.
 */
export type ThemeAppAssets = {
  /** The browser's title bar and the splash screen's bar: the theme's header colour (light scheme). */
  themeColor: string;
  /** The splash screen's background: the theme's page colour (light scheme). */
  backgroundColor: string;
  /** Scalable icon: the mobile-app logo where the theme has one, otherwise its favicon. */
  icon: string;
  /**
   * The same icon as PNGs of 512×512, plain and maskable (its own background to the edges, the logo within the safe
   * circle), for Android's splash screen and adaptive icon, which take no SVG; and the favicon as /favicon.ico for
   * browsers and tools that ask for it by that name. Made with @vite-pwa/assets-generator (docs/decisions/108).
   */
  icon512: string;
  maskableIcon512: string;
  faviconIco: string;
  /** 192×192 PNG shown beside a notification; themes without one show their scalable icon. */
  notificationIcon: string | null;
  /** 96×96 monochrome PNG for the status bar. */
  notificationBadge: string | null;
};

const asset = (theme: ThemeId, file: string) => `/themes/${theme}/${file}`;
const rasterIcons = (theme: ThemeId) => ({
  icon512: asset(theme, 'icon-512.png'),
  maskableIcon512: asset(theme, 'icon-maskable-512.png'),
  faviconIco: asset(theme, 'favicon.ico'),
});
const withApp = (theme: ThemeId, themeColor: string, backgroundColor: string): ThemeAppAssets => ({
  themeColor,
  backgroundColor,
  icon: asset(theme, 'app-logo.svg'),
  ...rasterIcons(theme),
  notificationIcon: asset(theme, 'notification-icon.png'),
  notificationBadge: asset(theme, 'notification-badge.png'),
});
const plain = (theme: ThemeId, themeColor: string, backgroundColor: string): ThemeAppAssets => ({
  themeColor,
  backgroundColor,
  icon: asset(theme, 'favicon.svg'),
  ...rasterIcons(theme),
  notificationIcon: null,
  notificationBadge: null,
});

export const THEME_APP_ASSETS: Record<ThemeId, ThemeAppAssets> = {
  aurora: withApp('aurora', '#0B1D2A', '#F5FBFC'),
  baltic: withApp('baltic', '#FFFFFF', '#F7FAFF'),
  daugava: withApp('daugava', '#2C3640', '#F6FAFE'),
  fjord: plain('fjord', '#FFFFFF', '#F5FBFE'),
  ember: plain('ember', '#1F1B18', '#FDF9F5'),
  meadow: plain('meadow', '#FFFFFF', '#F7FBF7'),
  granite: plain('granite', '#25282C', '#F9FAFC'),
  harbour: {
    ...plain('harbour', '#0F2B48', '#F6FAFE'),
    notificationIcon: asset('harbour', 'notification-icon.png'),
    notificationBadge: asset('harbour', 'notification-badge.png'),
  },
  heather: plain('heather', '#FFFFFF', '#FCF8FD'),
  lagoon: plain('lagoon', '#0A5B61', '#F5FBFC'),
  copper: plain('copper', '#FFFCF8', '#FEF8F6'),
  birch: plain('birch', '#FFFFFF', '#FAFAF7'),
  polar: plain('polar', '#F7F9FD', '#F7FAFF'),
};
