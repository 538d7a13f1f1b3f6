import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#008FC6', '#8DBFDC', '#006086'],
  netted: ['#00986D', '#8DC4AB'],
  production: ['#9E8300', '#C6B887'],
  price: ['#D65F6D', '#E3AAAD'],
  temperature: ['#8179DF', '#B5B4E4'],
} satisfies ChartColorSet;

/** Vuono Energia (FI): Finnish electricity retailer; calm steel blue and spruce green, compact header. */
export const fjordTheme: ThemeDefinition = {
  id: 'fjord',
  name: 'Vuono Energia',
  logo: { src: '/themes/fjord/logo.svg', width: 128, height: 28 },
  logoDark: { src: '/themes/fjord/logo-dark.svg', width: 128, height: 28 },
  favicon: '/themes/fjord/favicon.svg',
  signInBackground: '/themes/fjord/signin-bg.svg',
  emailLogo: '/themes/fjord/email-logo.svg',
  headerHeight: 42,
  defaultRadius: 'xs',
  fontFamily: "'Open Sans Variable', 'Open Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/open-sans'),
  primaryColor: 'vuono',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    vuono: ['#F1F8FD', '#DDEAF3', '#BCD2E1', '#97B6CB', '#739BB5', '#5584A2', '#2A6689', '#1B5575', '#0A4461', '#00344D'],
    kuusi: ['#F2F9F5', '#E3EFE8', '#CADDD2', '#AEC8BA', '#93B4A2', '#7CA38E', '#5E8C74', '#477B61', '#2F6B4F', '#205940'],
    dark: ['#E2E9EC', '#C8CFD2', '#ACB2B5', '#788287', '#485156', '#3A4347', '#2B3337', '#1D252A', '#161E22', '#0D1519'],
  },
  palette: {
    light: {
      body: '#F5FBFE',
      surface: '#FFFFFF',
      text: '#19262D',
      dimmed: '#58676F',
      border: '#D5E0E6',
      headerBg: '#FFFFFF',
      headerText: '#00344D',
    },
    dark: {
      body: '#1D252A',
      surface: '#2B3337',
      text: '#E2E9EC',
      dimmed: '#ACB2B5',
      border: '#485156',
      headerBg: '#161E22',
      headerText: '#E2E9EC',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E05954', '#E8A9A2', '#9E3533'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
