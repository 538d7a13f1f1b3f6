import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#009779', '#89C5B1', '#006650'],
  netted: ['#9174D9', '#BDB2E1'],
  production: ['#6E9109', '#ACBF8F'],
  price: ['#AF7C00', '#D0B588'],
  temperature: ['#2E89DB', '#97BCE2'],
} satisfies ChartColorSet;

/** Lumo Energia (FI): Finnish electricity retailer; northern-lights teal and violet under a night-sky header. */
export const auroraTheme: ThemeDefinition = {
  id: 'aurora',
  name: 'Lumo Energia',
  logo: { src: '/themes/aurora/logo.svg', width: 172, height: 40 },
  favicon: '/themes/aurora/favicon.svg',
  signInBackground: '/themes/aurora/signin-bg.svg',
  emailLogo: '/themes/aurora/email-logo.svg',
  mobileApp: {
    logo: '/themes/aurora/app-logo.svg',
    splash: '/themes/aurora/splash.svg',
    screenshots: ['/themes/aurora/screenshot-1.svg', '/themes/aurora/screenshot-2.svg', '/themes/aurora/screenshot-3.svg'],
  },
  notificationIcon: '/themes/aurora/notification-icon.png',
  notificationBadge: '/themes/aurora/notification-badge.png',
  headerHeight: 75,
  defaultRadius: 'md',
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/inter'),
  primaryColor: 'lumo',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    lumo: ['#EFF9F7', '#DBEDEA', '#BAD9D3', '#94C1B9', '#6EA99F', '#4C958A', '#0B7A6E', '#00675D', '#00544C', '#00423B'],
    revontuli: ['#F6F5FF', '#EAE7FF', '#D4CFFF', '#BCB2FC', '#A696F4', '#937EEC', '#7C5CE0', '#6B4CC7', '#5A3BAE', '#4A2B96'],
    dark: ['#E2EAEA', '#C8CFD0', '#ABB3B3', '#778383', '#475253', '#394344', '#2A3434', '#1C2627', '#151F1F', '#0C1616'],
  },
  palette: {
    light: {
      body: '#F5FBFC',
      surface: '#FFFFFF',
      text: '#172728',
      dimmed: '#56696A',
      border: '#D4E1E2',
      headerBg: '#0B1D2A',
      headerText: '#E6FBF5',
    },
    dark: {
      body: '#1C2627',
      surface: '#2A3434',
      text: '#E2EAEA',
      dimmed: '#ABB3B3',
      border: '#475253',
      headerBg: '#061219',
      headerText: '#E6FBF5',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#D76400', '#E3AD8E', '#924200'] },
    gas: { ...charts, consumption: ['#E05954', '#E8A9A2', '#9E3533'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
