import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#2E89DB', '#97BCE2', '#145C99'],
  netted: ['#009595', '#81C4C3'],
  production: ['#A97F00', '#CCB687'],
  price: ['#D66251', '#E3ABA1'],
  temperature: ['#9174D9', '#BDB2E1'],
} satisfies ChartColorSet;

/** Sadama Energia (EE): Estonian electricity retailer; harbour navy with a coral beacon. */
export const harbourTheme: ThemeDefinition = {
  id: 'harbour',
  name: 'Sadama Energia',
  logo: { src: '/themes/harbour/logo.svg', width: 212, height: 44 },
  favicon: '/themes/harbour/favicon.svg',
  signInBackground: '/themes/harbour/signin-bg.svg',
  emailLogo: '/themes/harbour/email-logo.svg',
  notificationIcon: '/themes/harbour/notification-icon.png',
  notificationBadge: '/themes/harbour/notification-badge.png',
  headerHeight: 80,
  defaultRadius: 'sm',
  fontFamily: "'Roboto Variable', Roboto, system-ui, -apple-system, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
  loadFont: () => import('@fontsource-variable/roboto'),
  primaryColor: 'sadam',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    sadam: ['#F1F7FF', '#DBE8F8', '#B8CDE7', '#91AED2', '#6B90BD', '#4B77AA', '#1E5591', '#0F447C', '#003466', '#00254C'],
    korall: ['#FFF4F2', '#FFE3DD', '#FFC5BA', '#F9A393', '#EF826F', '#E4644F', '#C54E3B', '#AD3F2E', '#963021', '#7F2113'],
    dark: ['#E3E9ED', '#C9CED3', '#ADB2B6', '#7A8188', '#4A5157', '#3B4248', '#2C3238', '#1E252A', '#181E23', '#0F151A'],
  },
  palette: {
    light: {
      body: '#F6FAFE',
      surface: '#FFFFFF',
      text: '#1B252E',
      dimmed: '#5A6671',
      border: '#D7DFE7',
      headerBg: '#0F2B48',
      headerText: '#EAF2FB',
    },
    dark: {
      body: '#1E252A',
      surface: '#2C3238',
      text: '#E3E9ED',
      dimmed: '#ADB2B6',
      border: '#4A5157',
      headerBg: '#0A1D31',
      headerText: '#EAF2FB',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#CF6A00', '#E1AE8B', '#8D4600'] },
    gas: { ...charts, consumption: ['#E0585F', '#E9A8A7', '#9E343C'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
