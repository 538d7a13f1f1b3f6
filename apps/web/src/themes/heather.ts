import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#B269C3', '#CFADD6', '#7A4487'],
  netted: ['#26994D', '#98C39F'],
  production: ['#A97F00', '#CCB687'],
  price: ['#D6615B', '#E3ABA5'],
  temperature: ['#008DCF', '#90BEDE'],
} satisfies ChartColorSet;

/** Viršu Enerģija (LV): Latvian electricity retailer; heather plum and moss, airy typography. */
export const heatherTheme: ThemeDefinition = {
  id: 'heather',
  name: 'Viršu Enerģija',
  logo: { src: '/themes/heather/logo.svg', width: 232, height: 48 },
  logoDark: { src: '/themes/heather/logo-dark.svg', width: 232, height: 48 },
  favicon: '/themes/heather/favicon.svg',
  signInBackground: '/themes/heather/signin-bg.svg',
  emailLogo: '/themes/heather/email-logo.svg',
  headerHeight: 90,
  defaultRadius: 'md',
  fontFamily: "'Raleway Variable', Raleway, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/raleway'),
  primaryColor: 'virsi',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    virsi: ['#FCF3FD', '#F2E1F3', '#DEC2E0', '#C69FCA', '#AE7DB3', '#99609F', '#7D3A85', '#692B71', '#561C5D', '#440C4A'],
    sunas: ['#F5F8F0', '#E9EDE0', '#D4DBC5', '#BCC6A8', '#A5B18B', '#919F72', '#788852', '#66773A', '#56652C', '#46541E'],
    dark: ['#EAE6EB', '#D0CCD1', '#B3AFB4', '#847E85', '#534D55', '#443F46', '#352F36', '#272228', '#201B21', '#171218'],
  },
  palette: {
    light: {
      body: '#FCF8FD',
      surface: '#FFFFFF',
      text: '#29212B',
      dimmed: '#6B616D',
      border: '#E2DBE4',
      headerBg: '#FFFFFF',
      headerText: '#440C4A',
    },
    dark: {
      body: '#272228',
      surface: '#352F36',
      text: '#EAE6EB',
      dimmed: '#B3AFB4',
      border: '#534D55',
      headerBg: '#201B21',
      headerText: '#EAE6EB',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E0585B', '#E9A8A5', '#9E3438'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
