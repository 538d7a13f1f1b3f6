import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#3B9843', '#9CC29C', '#1F6727'],
  netted: ['#0094A0', '#81C3CB'],
  production: ['#A68000', '#CAB787'],
  price: ['#C164AE', '#D7ACCD'],
  temperature: ['#4E84E0', '#9FBAE4'],
} satisfies ChartColorSet;

/** Niitty Sähkö (FI): Finnish green-electricity retailer; fresh meadow green and dandelion yellow, soft corners. */
export const meadowTheme: ThemeDefinition = {
  id: 'meadow',
  name: 'Niitty Sähkö',
  logo: { src: '/themes/meadow/logo.svg', width: 172, height: 40 },
  logoDark: { src: '/themes/meadow/logo-dark.svg', width: 172, height: 40 },
  favicon: '/themes/meadow/favicon.svg',
  signInBackground: '/themes/meadow/signin-bg.svg',
  emailLogo: '/themes/meadow/email-logo.svg',
  headerHeight: 75,
  defaultRadius: 'lg',
  fontFamily: "'Nunito Variable', Nunito, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/nunito'),
  primaryColor: 'niitty',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    niitty: ['#F1FAF0', '#DDEEDC', '#BEDABD', '#9BC399', '#78AB77', '#5A975A', '#2F7D32', '#206A24', '#0F5816', '#004708'],
    voikukka: ['#FCF6E9', '#FBECC5', '#F8D98A', '#F2C230', '#D9AC1C', '#C39A07', '#A68200', '#917100', '#7C6000', '#685000'],
    dark: ['#E5E9E4', '#CBCFCA', '#AEB2AD', '#7C827A', '#4C524B', '#3D433C', '#2E332D', '#21261F', '#191F18', '#11150F'],
  },
  palette: {
    light: {
      body: '#F7FBF7',
      surface: '#FFFFFF',
      text: '#1E271C',
      dimmed: '#5E685C',
      border: '#D9E0D8',
      headerBg: '#FFFFFF',
      headerText: '#004708',
    },
    dark: {
      body: '#21261F',
      surface: '#2E332D',
      text: '#E5E9E4',
      dimmed: '#AEB2AD',
      border: '#4C524B',
      headerBg: '#191F18',
      headerText: '#E5E9E4',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E05954', '#E8A9A2', '#9E3533'] },
  },
  // Green electricity is the brand promise, so the electricity badge uses the brand green itself.
  utilityColors: { ...DEFAULT_UTILITY_COLORS, electricity: '#2F7D32' },
};
