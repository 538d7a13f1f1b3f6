import { existsSync, readFileSync } from 'node:fs';
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

  it('has a 512×512 icon, a maskable one and a favicon.ico, as Android and browsers ask for them', () => {
    const assets = THEME_APP_ASSETS[id];
    for (const path of [assets.icon512, assets.maskableIcon512]) {
      const png = readFileSync(publicFile(path));
      expect(png.subarray(1, 4).toString(), path).toBe('PNG');
      // The IHDR chunk: width and height, big-endian, from byte 16.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([512, 512]);
    }
    const ico = readFileSync(publicFile(assets.faviconIco));
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4) > 0]).toEqual([0, 1, true]);
  });
});
