import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { SchemePalette, ThemeDefinition } from './theme-definition.ts';

/**
 * Spec §9 breakpoints. xxs (320px) is below Mantine's own sizes; it is part of the theme so that
 * `--mantine-breakpoint-xxs` exists, and exported for media queries that cannot read the theme.
 */
export const XXS_BREAKPOINT = '20em';
export const BREAKPOINTS = {
  xxs: XXS_BREAKPOINT,
  xs: '30em',
  sm: '48em',
  md: '62em',
  lg: '74em',
  xl: '90em',
} as const;

export function createMantineThemeFor(def: ThemeDefinition): MantineThemeOverride {
  return createTheme({
    fontFamily: def.fontFamily,
    // Fira Sans ships only 400/500/700 as static files, so headings stay on a weight every theme has.
    headings: { fontFamily: def.fontFamily, fontWeight: '700' },
    primaryColor: def.primaryColor,
    primaryShade: def.primaryShade,
    colors: def.colors,
    defaultRadius: def.defaultRadius,
    breakpoints: BREAKPOINTS,
  });
}

function schemeVariables(palette: SchemePalette) {
  return {
    '--portal-body': palette.body,
    '--portal-surface': palette.surface,
    '--portal-text': palette.text,
    '--portal-dimmed': palette.dimmed,
    '--portal-border': palette.border,
    '--portal-header-bg': palette.headerBg,
    '--portal-header-text': palette.headerText,
    '--mantine-color-body': palette.body,
    '--mantine-color-text': palette.text,
    '--mantine-color-dimmed': palette.dimmed,
  } as const;
}

/**
 * Links on a dark surface: Mantine's shade 4 of some brand colours falls below 4.5:1 there (Virmalise's blue is
 * 4.1:1 on its cards); shade 3 passes for every theme (theme-registry.test.ts).
 */
export const darkAnchorColor = (def: ThemeDefinition) => def.colors[def.primaryColor]![3];

/**
 * Status colours every theme shares, as CSS variables: an overdue date is red and the acting banner amber on every
 * site, so a brand never has to pick them. `danger` is text on the theme's body and surfaces (4.5:1 on every theme's, in
 * both schemes); `warning` is a band of dark text on light amber in both schemes. Checked in theme-registry.test.ts.
 */
export const STATUS_COLOURS = {
  danger: { light: '#B3261E', dark: '#FFB4AB' },
  warning: { background: '#FFE8A3', text: '#1F1A00', border: '#D9B440' },
} as const;

export function cssVariablesResolverFor(def: ThemeDefinition): CSSVariablesResolver {
  return () => ({
    variables: {
      '--portal-header-height': `${def.headerHeight}px`,
      '--portal-utility-electricity': def.utilityColors.electricity,
      '--portal-utility-heating': def.utilityColors.heating,
      '--portal-utility-gas': def.utilityColors.gas,
      '--portal-warning-bg': STATUS_COLOURS.warning.background,
      '--portal-warning-text': STATUS_COLOURS.warning.text,
      '--portal-warning-border': STATUS_COLOURS.warning.border,
    },
    light: { ...schemeVariables(def.palette.light), '--portal-danger-text': STATUS_COLOURS.danger.light },
    dark: {
      ...schemeVariables(def.palette.dark),
      '--portal-danger-text': STATUS_COLOURS.danger.dark,
      '--mantine-color-anchor': darkAnchorColor(def),
    },
  });
}
