import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_APP_ASSETS } from '@portal/schema/theme-assets';
import { THEME_IDS } from '@portal/schema/themes';
import { loadTheme } from './theme-registry.ts';

// The built app serves apps/web/public at the site's root.
const publicFile = (path: string) => join(import.meta.dirname, '..', '..', 'public', path);

/** The server's manifest and notifications take a theme's colours and images from @portal/schema/theme-assets. */
describe.each(THEME_IDS)('the installed app of theme %s', (id) => {
  it('has the theme’s header and page colours, and its notification images and icon exist', async () => {
    const theme = await loadTheme(id);
    const assets = THEME_APP_ASSETS[id];
    expect(assets.themeColor.toUpperCase()).toBe(theme.palette.light.headerBg.toUpperCase());
    expect(assets.backgroundColor.toUpperCase()).toBe(theme.palette.light.body.toUpperCase());
    expect(assets.notificationIcon).toBe(theme.notificationIcon ?? null);
    expect(assets.notificationBadge).toBe(theme.notificationBadge ?? null);
    expect(assets.icon).toBe(theme.mobileApp?.logo ?? theme.favicon);
    for (const path of [assets.icon, assets.notificationIcon, assets.notificationBadge]) {
      if (path) expect(existsSync(publicFile(path)), path).toBe(true);
    }
  });
});
