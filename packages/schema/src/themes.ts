import { z } from 'zod';

/** The 13 customer themes of spec §3, selected per site by theme_id. */
export const THEME_IDS = [
  'aurora',
  'baltic',
  'daugava',
  'fjord',
  'ember',
  'meadow',
  'granite',
  'harbour',
  'heather',
  'lagoon',
  'copper',
  'birch',
  'polar',
] as const;
export const themeId = z.enum(THEME_IDS);
export type ThemeId = z.infer<typeof themeId>;
