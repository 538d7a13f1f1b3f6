import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

export const colorSchemeIcons = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

/** The menu's button, showing the scheme in use; the same drawn closed and as the menu's target. */
export function ColorSchemeButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const Current = colorSchemeIcons[colorScheme];
  return (
    <ActionIcon variant="subtle" size="lg" color="var(--portal-header-text)" aria-label={t('color-scheme.label')} {...props}>
      <Current size={20} aria-hidden />
    </ActionIcon>
  );
}
