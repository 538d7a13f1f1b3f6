import type { ThemeId } from '@portal/schema/themes';
import { auroraTheme } from './aurora.ts';
import { balticTheme } from './baltic.ts';
import { birchTheme } from './birch.ts';
import { copperTheme } from './copper.ts';
import { daugavaTheme } from './daugava.ts';
import { emberTheme } from './ember.ts';
import { fjordTheme } from './fjord.ts';
import { graniteTheme } from './granite.ts';
import { harbourTheme } from './harbour.ts';
import { heatherTheme } from './heather.ts';
import { lagoonTheme } from './lagoon.ts';
import { meadowTheme } from './meadow.ts';
import { polarTheme } from './polar.ts';
import type { ThemeDefinition } from './theme-definition.ts';

/** The 13 customer themes of spec §3; a site picks one by its theme_id. */
export const THEMES: Record<ThemeId, ThemeDefinition> = {
  aurora: auroraTheme,
  baltic: balticTheme,
  daugava: daugavaTheme,
  fjord: fjordTheme,
  ember: emberTheme,
  meadow: meadowTheme,
  granite: graniteTheme,
  harbour: harbourTheme,
  heather: heatherTheme,
  lagoon: lagoonTheme,
  copper: copperTheme,
  birch: birchTheme,
  polar: polarTheme,
};

export function themeFor(id: ThemeId): ThemeDefinition {
  return THEMES[id];
}
