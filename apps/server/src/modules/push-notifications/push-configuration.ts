import { PUSH_TOKEN_REFRESH_DAYS, type PushConfiguration } from '@portal/schema/push-notifications';
import type { SiteBootstrap } from '@portal/schema/site';
import { siteTitleFor } from '@portal/schema/site-title';
import { THEME_APP_ASSETS } from '@portal/schema/theme-assets';

/** The icon and badge a notification of this site shows: the theme's notification images, or its app icon. */
export function notificationImagesOf(site: Pick<SiteBootstrap, 'themeId'>) {
  const assets = THEME_APP_ASSETS[site.themeId];
  return { icon: assets.notificationIcon ?? assets.icon, badge: assets.notificationBadge };
}

export function pushConfigurationFor(site: SiteBootstrap, vapidPublicKey: string): PushConfiguration {
  return {
    appConfig: {
      appName: siteTitleFor(site, site.defaultLocaleId),
      ...notificationImagesOf(site),
      tokenRefreshDays: PUSH_TOKEN_REFRESH_DAYS,
    },
    vapidKey: vapidPublicKey,
  };
}
