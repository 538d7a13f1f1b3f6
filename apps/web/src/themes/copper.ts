import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#D26731', '#E0AE97', '#924218'],
  netted: ['#00977D', '#88C5B3'],
  production: ['#9E8300', '#C6B887'],
  price: ['#8A76DD', '#B9B3E3'],
  temperature: ['#008DCF', '#90BEDE'],
} satisfies ChartColorSet;

/** Vase Energia (EE): Estonian energy supplier; burnished copper with verdigris accents. */
export const copperTheme: ThemeDefinition = {
  id: 'copper',
  name: 'Vase Energia',
  logo: { src: '/themes/copper/logo.svg', width: 172, height: 40 },
  logoDark: { src: '/themes/copper/logo-dark.svg', width: 172, height: 40 },
  favicon: '/themes/copper/favicon.svg',
  signInBackground: '/themes/copper/signin-bg.svg',
  emailLogo: '/themes/copper/email-logo.svg',
  headerHeight: 75,
  defaultRadius: 'sm',
  fontFamily: "'Noto Sans Variable', 'Noto Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/noto-sans'),
  primaryColor: 'vask',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    vask: ['#FFF4F0', '#F9E4DB', '#ECC9BA', '#DBAB95', '#C98D72', '#B87454', '#A2522A', '#8C421C', '#77330D', '#622500'],
    patina: ['#F0F9F7', '#DEEFEA', '#C1DDD6', '#A0C9BE', '#80B4A7', '#63A394', '#3A8C7B', '#2B796A', '#1B6759', '#095548'],
    dark: ['#EDE6E3', '#D3CCC9', '#B6B0AC', '#887E79', '#564E49', '#483F3B', '#38302B', '#2A221E', '#231B17', '#19120E'],
  },
  palette: {
    light: {
      body: '#FEF8F6',
      surface: '#FFFFFF',
      text: '#2D211A',
      dimmed: '#706159',
      border: '#E6DCD6',
      headerBg: '#FFFCF8',
      headerText: '#622500',
    },
    dark: {
      body: '#2A221E',
      surface: '#38302B',
      text: '#EDE6E3',
      dimmed: '#B6B0AC',
      border: '#564E49',
      headerBg: '#231B17',
      headerText: '#EDE6E3',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#C76F00', '#DFAF88', '#874A00'] },
    gas: { ...charts, consumption: ['#E0585B', '#E9A8A5', '#9E3438'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
