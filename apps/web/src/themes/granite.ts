import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#5384E0', '#A1BAE5', '#33589D'],
  netted: ['#009784', '#85C5B7'],
  production: ['#9E8300', '#C6B887'],
  price: ['#D6615B', '#E3ABA5'],
  temperature: ['#A070D2', '#C4B0DD'],
} satisfies ChartColorSet;

/** Kallio Verkot (FI): Finnish distribution network operator; graphite with signal blue, square and technical. */
export const graniteTheme: ThemeDefinition = {
  id: 'granite',
  name: 'Kallio Verkot',
  logo: { src: '/themes/granite/logo.svg', width: 157, height: 28 },
  favicon: '/themes/granite/favicon.svg',
  signInBackground: '/themes/granite/signin-bg.svg',
  emailLogo: '/themes/granite/email-logo.svg',
  headerHeight: 42,
  defaultRadius: 'xs',
  fontFamily:
    "'IBM Plex Sans Variable', 'IBM Plex Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/ibm-plex-sans'),
  primaryColor: 'kallio',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    kallio: ['#F3F7FF', '#DDE9FF', '#BAD0FB', '#95B3EF', '#7196E2', '#537DD6', '#2D5BC4', '#204AAB', '#133993', '#07287C'],
    graniitti: ['#FFF4F2', '#F9E6E2', '#ECCEC9', '#DDB3AC', '#CC9890', '#BD8279', '#A9655B', '#9A4F45', '#854037', '#703129'],
    dark: ['#E6E8EA', '#CCCED0', '#B0B1B3', '#7E8084', '#4E5053', '#3F4144', '#303235', '#222427', '#1B1D20', '#121417'],
  },
  palette: {
    light: {
      body: '#F9FAFC',
      surface: '#FFFFFF',
      text: '#212429',
      dimmed: '#61656A',
      border: '#DCDEE2',
      headerBg: '#25282C',
      headerText: '#F1F3F5',
    },
    dark: {
      body: '#222427',
      surface: '#303235',
      text: '#E6E8EA',
      dimmed: '#B0B1B3',
      border: '#4E5053',
      headerBg: '#17191C',
      headerText: '#F1F3F5',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E0585B', '#E9A8A5', '#9E3438'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
