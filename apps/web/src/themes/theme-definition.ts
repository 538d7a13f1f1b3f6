import type { MantineColorShade, MantineColorsTuple, MantineSize } from '@mantine/core';
import type { Utility } from '@portal/schema/enums';
import type { ThemeId } from '@portal/schema/themes';

/** Spec §9: the default bar is 42px, some themes use a taller branded header. */
export const HEADER_HEIGHTS = [42, 75, 80, 90, 100] as const;
export type HeaderHeight = (typeof HEADER_HEIGHTS)[number];

/** Rendered size in CSS pixels; kept equal to the SVG viewBox aspect so the header never distorts it. */
export interface ThemeImage {
  src: string;
  width: number;
  height: number;
}

export interface MobileAppAssets {
  logo: string;
  splash: string;
  screenshots: readonly [string, string, string];
}

/** One scheme's colours; every text/background pair in it meets WCAG AA (4.5:1). */
export interface SchemePalette {
  body: string;
  surface: string;
  text: string;
  dimmed: string;
  border: string;
  headerBg: string;
  /** Also used by the footer, which shares the header background. */
  headerText: string;
}

export type ChartUtility = 'default' | 'heating' | 'gas';
export type ChartSeriesName = 'consumption' | 'netted' | 'production' | 'price' | 'temperature';
/** The main series first, the comparison series (e.g. the same period a year back) second. */
export type SeriesColors = readonly [main: string, comparison: string, ...extra: string[]];
export type ChartColorSet = Record<ChartSeriesName, SeriesColors>;

export interface ThemeDefinition {
  id: ThemeId;
  /** Company name the theme's artwork spells out; sites still take their title from site settings. */
  name: string;
  logo: ThemeImage;
  /** Only for logos drawn dark-on-light: the header turns dark in the dark scheme. */
  logoDark?: ThemeImage;
  favicon: string;
  signInBackground: string;
  emailLogo: string;
  mobileApp?: MobileAppAssets;
  notificationIcon?: string;
  /** Monochrome white-on-transparent, as Android tints the status-bar badge itself. */
  notificationBadge?: string;
  headerHeight: HeaderHeight;
  defaultRadius: MantineSize;
  /** CSS font-family list: the bundled face first, then system fallbacks shown while it loads. */
  fontFamily: string;
  /** Loads the self-hosted font CSS; themes are switched at run time, so fonts load on demand. */
  loadFont: () => Promise<unknown>;
  primaryColor: string;
  /** Shade of the primary colour behind white button text; each has at least 4.5:1 contrast with white. */
  primaryShade: { light: MantineColorShade; dark: MantineColorShade };
  /**
   * Named 10-shade tuples. `dark` replaces Mantine's neutral greys with ones tinted to the brand,
   * because Mantine paints dark-scheme inputs and cards from it; `palette.dark` is taken from the same shades.
   */
  colors: Record<string, MantineColorsTuple>;
  palette: { light: SchemePalette; dark: SchemePalette };
  /** One set for both schemes, so each main series colour keeps 3:1 against the light and the dark surface. */
  chartColors: Record<ChartUtility, ChartColorSet>;
  utilityColors: Record<Utility, string>;
}

/**
 * Electricity green, heating orange, gas red (docs/decisions/002-utility-colours.md).
 * Dark enough for white badge text (≥ 4.5:1).
 */
export const DEFAULT_UTILITY_COLORS: Readonly<Record<Utility, string>> = {
  electricity: '#0F8225',
  heating: '#B55300',
  gas: '#CF3538',
};
