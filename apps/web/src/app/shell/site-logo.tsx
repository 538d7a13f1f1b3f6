import { useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';
import { themeFor } from '../../themes/theme-registry.ts';

/** The theme's logo, its dark variant in the dark scheme when the theme has one. */
export function SiteLogo({ height }: { height: number }) {
  const site = useSite();
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const theme = themeFor(site.themeId);
  const logo = scheme === 'dark' && theme.logoDark ? theme.logoDark : theme.logo;
  const width = Math.round((logo.width / logo.height) * height);
  return <img src={logo.src} width={width} height={height} alt={t('header.logo-alt', { company: site.companyName })} />;
}
