import { Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_IDS, type ThemeId } from '@portal/schema/themes';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { loadTheme } from '../../themes/theme-registry.ts';
import { SettingsSection } from './settings-section.tsx';
import { useUpdateSite } from './site-settings-queries.ts';
import { ThemePreview } from './theme-preview.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** Spec §1: one of 13 themes per site, each previewed in the light and the dark scheme before it is chosen. */
export function SiteThemeSection({ siteId, themeId }: { siteId: string; themeId: ThemeId }) {
  const { t } = useTranslation();
  const update = useUpdateSite(siteId);
  const [chosen, setChosen] = useState<ThemeId>(themeId);
  // Each theme is its own chunk (theme-registry): the admin page is the one place that loads them all.
  const themes = useQuery({
    queryKey: queryKeys.admin.themes(),
    queryFn: () => Promise.all(THEME_IDS.map(loadTheme)),
    staleTime: Infinity,
  });
  const save = () =>
    update.mutate({ themeId: chosen }, { onSuccess: () => notifications.show({ color: 'green', message: t('admin.saved-next-load') }) });
  return (
    <SettingsSection id="admin-theme" title={t('admin.theme.title')} description={t('admin.theme.description')}>
      {themes.data ? (
        <Radio.Group value={chosen} onChange={(value) => setChosen(value)} aria-labelledby="admin-theme-title">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {themes.data.map((theme) => (
              <Radio.Card key={theme.id} value={theme.id} radius="md" p="sm" aria-label={t('admin.theme.choose', { name: theme.name })}>
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap">
                    <Radio.Indicator />
                    <Text fw={600} size="sm">
                      {theme.name}
                    </Text>
                    {theme.id === themeId && (
                      <Text size="xs" c="dimmed">
                        ({t('admin.theme.current')})
                      </Text>
                    )}
                  </Group>
                  <SimpleGrid cols={2} spacing={6}>
                    <ThemePreview theme={theme} scheme="light" />
                    <ThemePreview theme={theme} scheme="dark" />
                  </SimpleGrid>
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      ) : (
        <LoadState query={themes} height={240} />
      )}
      <Group>
        <Button onClick={save} loading={update.isPending} disabled={chosen === themeId}>
          {t('admin.save')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
