import { DEFAULT_UTILITY_COLORS, type ChartColorSet, type ThemeDefinition } from './theme-definition.ts';

const charts = {
  consumption: ['#57952D', '#A4C195', '#376514'],
  netted: ['#C76F00', '#DBB08E'],
  production: ['#9E8300', '#C6B887'],
  price: ['#9872D6', '#C0B1E0'],
  temperature: ['#118BD8', '#94BDE0'],
} satisfies ChartColorSet;

/** Bērzu Enerģija (LV): Latvian electricity retailer; birch-bark black and white with a young-leaf green. */
export const birchTheme: ThemeDefinition = {
  id: 'birch',
  name: 'Bērzu Enerģija',
  logo: { src: '/themes/birch/logo.svg', width: 270, height: 56 },
  logoDark: { src: '/themes/birch/logo-dark.svg', width: 270, height: 56 },
  favicon: '/themes/birch/favicon.svg',
  signInBackground: '/themes/birch/signin-bg.svg',
  emailLogo: '/themes/birch/email-logo.svg',
  headerHeight: 100,
  defaultRadius: 'xs',
  fontFamily: "'Fira Sans', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  loadFont: () =>
    Promise.all([
      import('@fontsource/fira-sans/400.css'),
      import('@fontsource/fira-sans/500.css'),
      import('@fontsource/fira-sans/700.css'),
    ]),
  primaryColor: 'berzs',
  primaryShade: { light: 6, dark: 7 },
  colors: {
    berzs: ['#F2FAEF', '#DFEEDA', '#C1D9B9', '#A0C194', '#7FA96F', '#639550', '#3E7A23', '#2F6814', '#215602', '#184300'],
    miza: ['#F7F7F6', '#EAE9E9', '#D4D3D2', '#BAB9B8', '#A1A09E', '#8D8B89', '#72706E', '#5F5D5A', '#4C4A47', '#3A3835'],
    dark: ['#E8E8E4', '#CECECA', '#B2B1AE', '#81807B', '#51504B', '#42413C', '#32322D', '#252420', '#1E1D19', '#151410'],
  },
  palette: {
    light: {
      body: '#FAFAF7',
      surface: '#FFFFFF',
      text: '#25241D',
      dimmed: '#66655D',
      border: '#DFDED8',
      headerBg: '#FFFFFF',
      headerText: '#184300',
    },
    dark: {
      body: '#252420',
      surface: '#32322D',
      text: '#E8E8E4',
      dimmed: '#B2B1AE',
      border: '#51504B',
      headerBg: '#1E1D19',
      headerText: '#E8E8E4',
    },
  },
  chartColors: {
    default: charts,
    heating: { ...charts, consumption: ['#D76400', '#E3AD8E', '#924200'] },
    gas: { ...charts, consumption: ['#E0585B', '#E9A8A5', '#9E3438'] },
  },
  utilityColors: DEFAULT_UTILITY_COLORS,
};
