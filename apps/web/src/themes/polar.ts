import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#6580E1', '#A8B8E5', '#41559D'],
  netted: ['#0093AB', '#83C2D1'],
  production: ['#A48100', '#C9B786'],
  price: ['#D66064', '#E4AAA9'],
  temperature: ['#BC66B6', '#D4ACD0'],
} satisfies ChartColorSet;

/** Põhjala Energia (EE): Estonian electricity retailer; polar-night indigo and glacier ice. */
export const polarTheme: ThemeDefinition = {
  id: 'polar',
  name: 'Põhjala Energia',
  logo: { src: '/themes/polar/logo.svg', width: 176, height: 28 },
  logoDark: { src: '/themes/polar/logo-dark.svg', width: 176, height: 28 },
  favicon: '/themes/polar/favicon.svg',
  signInBackground: '/themes/polar/signin-bg.svg',
  emailLogo: '/themes/polar/email-logo.svg',
  headerHeight: 42,
  defaultRadius: 'md',
  fontFamily: "'Onest Variable', Onest, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/onest'),
  primaryColor: 'pohjala',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    pohjala: ['#F4F6FF', '#DFE6FF', '#BECBF5', '#9BABE6', '#798CD6', '#5E72C7', '#3D4DB2', '#303C9A', '#232C83', '#181B6C'],
    jaa: ['#EEF9FE', '#D6F0FC', '#B0DFF5', '#83CBEB', '#4FB6E0', '#41A2CA', '#2B89AD', '#1C7798', '#096583', '#00536D'],
    dark: ['#E5E8EE', '#CBCED3', '#AEB1B7', '#7C8089', '#4C5058', '#3D4149', '#2E3239', '#21242B', '#1A1D24', '#11141A'],
  },
  palette: {
    light: {
      body: '#F7FAFF',
      surface: '#FFFFFF',
      text: '#1F242F',
      dimmed: '#5E6572',
      border: '#D9DEE8',
      headerBg: '#F7F9FD',
      headerText: '#181B6C',
    },
    dark: {
      body: '#21242B',
      surface: '#2E3239',
      text: '#E5E8EE',
      dimmed: '#AEB1B7',
      border: '#4C5058',
      headerBg: '#1A1D24',
      headerText: '#E5E8EE',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E0585B', '#E9A8A5', '#9E3438'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
