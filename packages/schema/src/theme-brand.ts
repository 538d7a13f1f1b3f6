import type { ThemeId } from './themes.ts';

/**
 * Each theme's brand colour (its primary palette's light shade), for what the server draws in the site's brand:
 * contract PDFs. The web's theme definitions hold the palettes; a web test keeps these equal to them.
 */
export const BRAND_COLOURS: Record<ThemeId, string> = {
  aurora: '#0B7A6E',
  baltic: '#1F57B0',
  daugava: '#B93A1E',
  fjord: '#2A6689',
  ember: '#B5400F',
  meadow: '#2F7D32',
  granite: '#2D5BC4',
  harbour: '#1E5591',
  heather: '#7D3A85',
  lagoon: '#0B727E',
  copper: '#A2522A',
  birch: '#3E7A23',
  polar: '#3D4DB2',
};
