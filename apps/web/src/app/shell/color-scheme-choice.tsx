import { SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeature } from '../../shared/site/site-context.tsx';

/** The menu drawer's colour scheme choice: light, dark or follow the device, on sites with the dark-theme feature. */
export function ColorSchemeChoice() {
  const { t } = useTranslation();
  const labelId = useId();
  const enabled = useFeature('DARK_THEME');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  if (!enabled) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('color-scheme.label')}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        value={colorScheme}
        onChange={setColorScheme}
        data={(['light', 'dark', 'auto'] as const).map((scheme) => ({ value: scheme, label: t(`color-scheme.${scheme}`) }))}
      />
    </Stack>
  );
}
