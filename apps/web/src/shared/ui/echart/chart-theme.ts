import { useComputedColorScheme } from '@mantine/core';
import type { Utility } from '@portal/schema/enums';
import { useSite } from '../../site/site-context.tsx';
import type { ChartColorSet, ChartUtility } from '../../../themes/theme-definition.ts';
import { themeFor } from '../../../themes/theme-registry.ts';

const chartUtility = (utility: Utility): ChartUtility => (utility === 'electricity' ? 'default' : utility);

/** The theme's chart colours per utility, and text and line colours of the current scheme (canvas cannot read CSS variables). */
export function useChartTheme() {
  const site = useSite();
  const scheme = useComputedColorScheme('light');
  const theme = themeFor(site.themeId);
  const palette = theme.palette[scheme];
  return {
    scheme,
    text: palette.text,
    dimmed: palette.dimmed,
    border: palette.border,
    surface: palette.surface,
    colorsFor: (utility: Utility): ChartColorSet => theme.chartColors[chartUtility(utility)],
    utilityColor: (utility: Utility) => theme.utilityColors[utility],
    fontFamily: theme.fontFamily,
  };
}
export type ChartTheme = ReturnType<typeof useChartTheme>;
