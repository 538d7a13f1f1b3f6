import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFeature } from '../../shared/site/site-context.tsx';

const icons = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

/** Light, dark or follow the device: offered only on sites with the dark-theme feature (spec §4). */
export function ColorSchemeMenu() {
  const { t } = useTranslation();
  const enabled = useFeature('DARK_THEME');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  if (!enabled) return null;
  const Current = icons[colorScheme];
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" color="var(--portal-header-text)" aria-label={t('color-scheme.label')}>
          <Current size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {(['light', 'dark', 'auto'] as MantineColorScheme[]).map((scheme) => {
          const Icon = icons[scheme];
          return (
            <Menu.Item
              key={scheme}
              leftSection={<Icon size={16} aria-hidden />}
              onClick={() => setColorScheme(scheme)}
              rightSection={colorScheme === scheme ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={colorScheme === scheme ? 'true' : undefined}
            >
              {t(`color-scheme.${scheme}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
