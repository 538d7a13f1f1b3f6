import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#4886DF', '#9EBBE4', '#2B599B'],
  netted: ['#009595', '#81C4C3'],
  production: ['#AF7C00', '#D0B588'],
  price: ['#B269C3', '#CFADD6'],
  temperature: ['#D66251', '#E3ABA1'],
} satisfies ChartColorSet;

/** Virmalise Energia (EE): Estonian electricity and gas supplier; deep Baltic blue with an amber spark. */
export const balticTheme: ThemeDefinition = {
  id: 'baltic',
  name: 'Virmalise Energia',
  logo: { src: '/themes/baltic/logo.svg', width: 248, height: 44 },
  logoDark: { src: '/themes/baltic/logo-dark.svg', width: 248, height: 44 },
  favicon: '/themes/baltic/favicon.svg',
  signInBackground: '/themes/baltic/signin-bg.svg',
  emailLogo: '/themes/baltic/email-logo.svg',
  mobileApp: {
    logo: '/themes/baltic/app-logo.svg',
    splash: '/themes/baltic/splash.svg',
    screenshots: ['/themes/baltic/screenshot-1.svg', '/themes/baltic/screenshot-2.svg', '/themes/baltic/screenshot-3.svg'],
  },
  notificationIcon: '/themes/baltic/notification-icon.png',
  notificationBadge: '/themes/baltic/notification-badge.png',
  headerHeight: 80,
  defaultRadius: 'sm',
  fontFamily: "'Manrope Variable', Manrope, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/manrope'),
  primaryColor: 'virmalise',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    virmalise: ['#F2F7FF', '#DAE8FF', '#B7CEF4', '#90B1E4', '#6A93D4', '#4B79C5', '#1F57B0', '#104698', '#023581', '#002765'],
    merevaik: ['#FFF5E9', '#FEE5C0', '#F9C87F', '#F0A500', '#D49100', '#BC8000', '#9D6B00', '#875B00', '#714B00', '#5C3D00'],
    dark: ['#E4E8ED', '#CACED3', '#AEB1B6', '#7B8189', '#4B5058', '#3C4249', '#2D3239', '#20242B', '#191D24', '#10141A'],
  },
  palette: {
    light: {
      body: '#F7FAFF',
      surface: '#FFFFFF',
      text: '#1D252F',
      dimmed: '#5C6672',
      border: '#D8DFE7',
      headerBg: '#FFFFFF',
      headerText: '#002765',
    },
    dark: {
      body: '#20242B',
      surface: '#2D3239',
      text: '#E4E8ED',
      dimmed: '#AEB1B6',
      border: '#4B5058',
      headerBg: '#191D24',
      headerText: '#E4E8ED',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E0585F', '#E9A8A7', '#9E343C'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
