import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#D56347', '#E2AC9D', '#943F2A'],
  netted: ['#3B9843', '#9CC29C'],
  production: ['#A48100', '#C9B786'],
  price: ['#9872D6', '#C0B1E0'],
  temperature: ['#009595', '#81C4C3'],
} satisfies ChartColorSet;

/** Daugavas Siltums (LV): Latvian district heating and gas company; warm brick red on river slate. */
export const daugavaTheme: ThemeDefinition = {
  id: 'daugava',
  name: 'Daugavas Siltums',
  logo: { src: '/themes/daugava/logo.svg', width: 257, height: 48 },
  favicon: '/themes/daugava/favicon.svg',
  signInBackground: '/themes/daugava/signin-bg.svg',
  emailLogo: '/themes/daugava/email-logo.svg',
  mobileApp: {
    logo: '/themes/daugava/app-logo.svg',
    splash: '/themes/daugava/splash.svg',
    screenshots: ['/themes/daugava/screenshot-1.svg', '/themes/daugava/screenshot-2.svg', '/themes/daugava/screenshot-3.svg'],
  },
  notificationIcon: '/themes/daugava/notification-icon.png',
  notificationBadge: '/themes/daugava/notification-badge.png',
  headerHeight: 90,
  defaultRadius: 'sm',
  fontFamily:
    "'Source Sans 3 Variable', 'Source Sans 3', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/source-sans-3'),
  primaryColor: 'siltums',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    siltums: ['#FFF4F1', '#FFE2DA', '#F8C4B7', '#EBA291', '#DC816C', '#CE644D', '#B93A1E', '#A12A0E', '#891B00', '#6E1400'],
    slaneklis: ['#F4F7FA', '#E8ECF0', '#D2D9DF', '#BAC3CC', '#A2ADB8', '#8E9BA8', '#748392', '#617283', '#4F6173', '#405061'],
    dark: ['#E3E9ED', '#C9CFD3', '#ACB2B6', '#798288', '#495157', '#3B4248', '#2B3338', '#1E252A', '#171E23', '#0E1519'],
  },
  palette: {
    light: {
      body: '#F6FAFE',
      surface: '#FFFFFF',
      text: '#1A262E',
      dimmed: '#596770',
      border: '#D6DFE7',
      headerBg: '#2C3640',
      headerText: '#F7F2EE',
    },
    dark: {
      body: '#1E252A',
      surface: '#2B3338',
      text: '#E3E9ED',
      dimmed: '#ACB2B6',
      border: '#495157',
      headerBg: '#1B232B',
      headerText: '#F7F2EE',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#D76400', '#E3AD8E', '#924200'] },
    gas: { ...charts, consumption: ['#3E84EB', '#9ABBEA', '#2058A7'] },
  },
  // The brand red stands for heat, so heating takes it and gas takes the blue of a gas flame instead of a second red.
  utilityColors: { ...DEFAULT_UTILITY_COLORS, heating: '#B93A1E', gas: '#2562B8' },
};
