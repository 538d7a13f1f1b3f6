import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#D26731', '#E0AE97', '#924218'],
  netted: ['#AF7C00', '#D0B588'],
  production: ['#788F00', '#B1BE8D'],
  price: ['#C164AE', '#D7ACCD'],
  temperature: ['#008FC6', '#8DBFDC'],
} satisfies ChartColorSet;

/** Hehku Lämpö (FI): Finnish district heating company; glowing ember orange on charcoal. */
export const emberTheme: ThemeDefinition = {
  id: 'ember',
  name: 'Hehku Lämpö',
  logo: { src: '/themes/ember/logo.svg', width: 274, height: 56 },
  favicon: '/themes/ember/favicon.svg',
  signInBackground: '/themes/ember/signin-bg.svg',
  emailLogo: '/themes/ember/email-logo.svg',
  headerHeight: 100,
  defaultRadius: 'md',
  fontFamily: "'Montserrat Variable', Montserrat, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/montserrat'),
  primaryColor: 'hehku',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    hehku: ['#FFF4F1', '#FFE2D8', '#F6C5B5', '#E8A48E', '#D98468', '#CA6847', '#B5400F', '#9D3200', '#822800', '#681E00'],
    tuhka: ['#F8F6F5', '#EDEBE9', '#DBD8D5', '#C7C2BE', '#B3ADA8', '#A29B95', '#8B847D', '#7B736B', '#6B625A', '#5A514A'],
    dark: ['#ECE7E2', '#D2CDC8', '#B5B0AC', '#877E78', '#564E48', '#473F3A', '#37302B', '#29231D', '#221B16', '#19120E'],
  },
  palette: {
    light: {
      body: '#FDF9F5',
      surface: '#FFFFFF',
      text: '#2C2219',
      dimmed: '#6F6258',
      border: '#E5DCD5',
      headerBg: '#1F1B18',
      headerText: '#FBEFE6',
    },
    dark: {
      body: '#29231D',
      surface: '#37302B',
      text: '#ECE7E2',
      dimmed: '#B5B0AC',
      border: '#564E48',
      headerBg: '#141110',
      headerText: '#FBEFE6',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#DA611B', '#E5AC92', '#983D00'] },
    gas: { ...charts, consumption: ['#E0585F', '#E9A8A7', '#9E343C'] },
  },
  // Heat is the core product, so its badge is the brand's ember orange; gas moves to a crimson that stays apart from it.
  utilityColors: { ...DEFAULT_UTILITY_COLORS, heating: '#B5400F', gas: '#A02342' },
};
