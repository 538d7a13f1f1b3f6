import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { SiteDomainsSection } from './site-domains-section.tsx';
import { SiteFeaturesSection } from './site-features-section.tsx';
import { SiteLinksSection } from './site-links-section.tsx';
import { SiteLocalesSection } from './site-locales-section.tsx';
import { SiteMetaSection } from './site-meta-section.tsx';
import { SitePayeeSection } from './site-payee-section.tsx';
import { siteSettingsQueryOptions } from './site-settings-queries.ts';
import { SiteThemeSection } from './site-theme-section.tsx';
import { SiteTimezoneSection } from './site-timezone-section.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';

/**
 * /admin: the site's settings, each in its own section that saves on its own. A saved change holds on every server copy
 * at once; this browser's page shell shows it from its next page load (docs/decisions/071).
 */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('admin.site.title'));
  const query = useQuery(siteSettingsQueryOptions(site.id));
  const settings = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('admin.site.title')}</Title>
        <Text c="dimmed">{t('admin.site.description', { company: site.companyName })}</Text>
      </Stack>
      {settings ? (
        <>
          <SiteTimezoneSection key={`tz:${settings.timezone}`} siteId={site.id} timezone={settings.timezone} />
          <SiteLocalesSection
            key={`locales:${settings.locales.map(({ id }) => id).join()}:${settings.defaultLocaleId}`}
            siteId={site.id}
            locales={settings.locales.map(({ id }) => id)}
            defaultLocaleId={settings.defaultLocaleId}
          />
          <SiteDomainsSection siteId={site.id} domains={settings.domains} />
          <SiteMetaSection siteId={site.id} settings={settings} />
          <SiteFeaturesSection
            key={`features:${settings.features.join()}`}
            siteId={site.id}
            features={settings.features}
            offered={settings.offeredFeatures}
          />
          <SiteLinksSection key={`links:${JSON.stringify([settings.contactLinks, settings.links])}`} siteId={site.id} settings={settings} />
          <SitePayeeSection siteId={site.id} companyName={site.companyName} />
          <SiteThemeSection key={`theme:${settings.themeId}`} siteId={site.id} themeId={settings.themeId} />
        </>
      ) : (
        <LoadState query={query} height={480} />
      )}
    </Stack>
  );
}
