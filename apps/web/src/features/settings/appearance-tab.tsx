import { SegmentedControl, Stack, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const SCHEMES: MantineColorScheme[] = ['light', 'dark', 'auto'];

/**
 * Light, dark or follow the device (spec §4). The page offers this tab only on sites with the dark-theme feature;
 * the app's colour scheme manager keeps the choice in the colour-scheme cookies and sets the override.
 */
export function AppearanceTab() {
  const { t } = useTranslation();
  const labelId = useId();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap="sm" maw={480}>
      <Title order={2} size="h3" id={labelId}>
        {t('settings.appearance.title')}
      </Title>
      <Text c="dimmed">{t('settings.appearance.description')}</Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={colorScheme}
        onChange={setColorScheme}
        data={SCHEMES.map((scheme) => ({ value: scheme, label: t(`color-scheme.${scheme}`) }))}
      />
    </Stack>
  );
}
