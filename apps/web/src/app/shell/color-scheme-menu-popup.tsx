import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnArrival } from '../../shared/ui/popup-on-first-click.tsx';
import { ColorSchemeButton, colorSchemeIcons } from './color-scheme-button.tsx';

/** The colour-scheme menu of `ColorSchemeMenu`, loaded at its first click and opened at once. */
export default function ColorSchemeMenuPopup() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>();
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ColorSchemeButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        {(['light', 'dark', 'auto'] as MantineColorScheme[]).map((scheme) => {
          const Icon = colorSchemeIcons[scheme];
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
