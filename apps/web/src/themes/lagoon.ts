import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#0094A0', '#81C3CB', '#00636C'],
  netted: ['#6F7EE1', '#ACB7E5'],
  production: ['#A97F00', '#CCB687'],
  price: ['#C563A7', '#D9ABC9'],
  temperature: ['#D6615B', '#E3ABA5'],
} satisfies ChartColorSet;

/** Lagūna Enerģija (LV): Latvian electricity and gas retailer; lagoon turquoise and dune sand. */
export const lagoonTheme: ThemeDefinition = {
  id: 'lagoon',
  name: 'Lagūna Enerģija',
  logo: { src: '/themes/lagoon/logo.svg', width: 143, height: 28 },
  favicon: '/themes/lagoon/favicon.svg',
  signInBackground: '/themes/lagoon/signin-bg.svg',
  emailLogo: '/themes/lagoon/email-logo.svg',
  headerHeight: 42,
  defaultRadius: 'lg',
  fontFamily: "'Rubik Variable', Rubik, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/rubik'),
  primaryColor: 'laguna',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    laguna: ['#EFF9FA', '#DBECEF', '#B9D6DB', '#92BCC3', '#6CA3AC', '#4A8E98', '#0B727E', '#00606A', '#004D56', '#003C43'],
    smiltis: ['#FCF6EE', '#F6E8D6', '#E9D0AF', '#D9B584', '#C99A57', '#B48849', '#997136', '#856028', '#71501B', '#5F400D'],
    dark: ['#E2EAEA', '#C8CFD0', '#ABB3B3', '#778383', '#475253', '#394344', '#2A3434', '#1C2627', '#151F1F', '#0C1616'],
  },
  palette: {
    light: {
      body: '#F5FBFC',
      surface: '#FFFFFF',
      text: '#172728',
      dimmed: '#56696A',
      border: '#D4E1E2',
      headerBg: '#0A5B61',
      headerText: '#EFFBFA',
    },
    dark: {
      body: '#1C2627',
      surface: '#2A3434',
      text: '#E2EAEA',
      dimmed: '#ABB3B3',
      border: '#475253',
      headerBg: '#073F44',
      headerText: '#EFFBFA',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E0585F', '#E9A8A7', '#9E343C'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
