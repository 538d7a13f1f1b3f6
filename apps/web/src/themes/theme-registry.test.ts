import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { THEME_IDS } from '@portal/schema/themes';
import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHTS, type ThemeDefinition } from './theme-definition.ts';
import { darkAnchorColor, STATUS_COLOURS } from './mantine-theme.ts';
import { loadTheme, themeFor } from './theme-registry.ts';

// Not new URL(…, import.meta.url): Vite rewrites that pattern into a served asset URL in the web projects.
const PUBLIC_DIR = join(import.meta.dirname, '../../public');
const HEX = /^#[0-9A-F]{6}$/i;

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function assetPaths(def: ThemeDefinition): string[] {
  return [
    def.logo.src,
    def.logoDark?.src,
    def.favicon,
    def.signInBackground,
    def.emailLogo,
    def.mobileApp?.logo,
    def.mobileApp?.splash,
    ...(def.mobileApp?.screenshots ?? []),
    def.notificationIcon,
    def.notificationBadge,
  ].filter((path): path is string => path !== undefined);
}

function filledShade(def: ThemeDefinition, scheme: 'light' | 'dark'): string {
  const shade = def.colors[def.primaryColor]?.[def.primaryShade[scheme]];
  if (!shade) throw new Error(`${def.id}: primary colour ${def.primaryColor} has no shade ${def.primaryShade[scheme]}`);
  return shade;
}

// Every theme loaded up front, as main.tsx loads a site's one before rendering.
const all = await Promise.all(THEME_IDS.map((id) => loadTheme(id)));

describe('theme registry', () => {
  it('has exactly the 13 theme ids, each under its own key', () => {
    expect(all.map((def) => def.id)).toEqual([...THEME_IDS]);
    for (const id of THEME_IDS) expect(themeFor(id).id).toBe(id);
  });

  it('gives enough themes a dark-scheme logo and mobile-app assets', () => {
    expect(all.filter((def) => def.logoDark).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((def) => def.mobileApp).length).toBe(3);
  });
});

describe.each(THEME_IDS)('%s theme', (id) => {
  const def = themeFor(id);

  it('references only assets that exist in its own public folder, each under 10 KB', () => {
    for (const path of assetPaths(def)) {
      expect(path.startsWith(`/themes/${id}/`), path).toBe(true);
      const file = join(PUBLIC_DIR, path);
      expect(existsSync(file), path).toBe(true);
      expect(statSync(file).size, path).toBeLessThan(10 * 1024);
    }
  });

  it('sizes its logos to their viewBox and labels them', () => {
    for (const logo of [def.logo, def.logoDark].filter((image) => image !== undefined)) {
      const svg = readFileSync(join(PUBLIC_DIR, logo.src), 'utf8');
      const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
      expect(viewBox, logo.src).not.toBeNull();
      const aspect = Number(viewBox![1]) / Number(viewBox![2]);
      expect(Math.abs(logo.width / logo.height / aspect - 1), logo.src).toBeLessThan(0.02);
      expect(svg).toContain('role="img"');
      expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
  });

  it('uses an allowed header height', () => {
    expect(HEADER_HEIGHTS).toContain(def.headerHeight);
  });

  it('writes every colour as a six-digit hex', () => {
    const colours = [
      ...Object.values(def.palette.light),
      ...Object.values(def.palette.dark),
      ...Object.values(def.chartColors).flatMap((set) => Object.values(set).flat()),
      ...Object.values(def.colors).flat(),
      ...Object.values(def.utilityColors),
    ];
    for (const colour of colours) expect(colour).toMatch(HEX);
    for (const tuple of Object.values(def.colors)) expect(tuple).toHaveLength(10);
  });

  it.each(['light', 'dark'] as const)('meets WCAG AA text contrast in the %s scheme', (scheme) => {
    const palette = def.palette[scheme];
    expect(contrast(palette.headerText, palette.headerBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#FFFFFF', filledShade(def, scheme))).toBeGreaterThanOrEqual(4.5);
    const anchor = scheme === 'dark' ? darkAnchorColor(def) : def.colors[def.primaryColor]![def.primaryShade.light];
    for (const background of [palette.body, palette.surface]) {
      expect(contrast(palette.text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.dimmed, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(anchor, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(STATUS_COLOURS.danger[scheme], background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps utility badges readable with white text', () => {
    for (const colour of Object.values(def.utilityColors)) expect(contrast('#FFFFFF', colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('has chart colours for every utility and series, main series visible in both schemes', () => {
    expect(Object.keys(def.chartColors).sort()).toEqual(['default', 'gas', 'heating']);
    for (const set of Object.values(def.chartColors)) {
      expect(Object.keys(set).sort()).toEqual(['consumption', 'netted', 'price', 'production', 'temperature']);
      for (const colours of Object.values(set)) {
        expect(colours.length).toBeGreaterThanOrEqual(2);
        expect(colours.length).toBeLessThanOrEqual(4);
        for (const surface of [def.palette.light.surface, def.palette.dark.surface]) {
          expect(contrast(colours[0], surface)).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });
});

describe('shared status colours', () => {
  it('keep the warning band’s text at 4.5:1 on its amber in both schemes', () => {
    expect(contrast(STATUS_COLOURS.warning.text, STATUS_COLOURS.warning.background)).toBeGreaterThanOrEqual(4.5);
  });
});
