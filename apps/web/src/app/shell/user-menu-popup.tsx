import { Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActorInfo, PortalSession } from '@portal/schema/identity';
import { useChooseRepresentative, useRepresentatives } from '../../shared/auth/representatives.ts';
import { useOpenedOnArrival } from '../../shared/ui/popup-on-first-click.tsx';
import classes from './header.module.css';
import { personName, UserMenuButton } from './user-menu-button.tsx';

type Props = { session: PortalSession; info: ActorInfo | undefined };

/** The account menu of `UserMenu`, loaded at its first click and opened at once. */
export default function UserMenuPopup({ session, info }: Props) {
  const { t } = useTranslation();
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>();
  const representatives = useRepresentatives({ enabled: true });
  const choose = useChooseRepresentative();
  const name = personName(session, info, t('user-menu.unnamed'));
  const customer = info?.customer;
  const choices = representatives.data ?? [];
  const actingFor = info && info.actingAs !== 'self' ? info.customer : null;
  return (
    // Without the placeholder, opening the menu focuses its first item, and the menu holds only menu content (axe).
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal width={300} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UserMenuButton ref={target} session={session} info={info} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('user-menu.signed-in-as')}</Menu.Label>
        <div className={classes.menuPerson}>
          <Text fw={600}>{name}</Text>
          {customer && (
            <Text size="sm" c="dimmed">
              {actingFor
                ? t('header.acting-for', { name: `${customer.name} (${customer.clientCode})` })
                : t('user-menu.customer', { clientCode: customer.clientCode, name: customer.name })}
            </Text>
          )}
        </div>
        {choices.length > 1 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('user-menu.switch-customer')}</Menu.Label>
            {choices.map((choice) => (
              <Menu.Item
                key={choice.representativeCode}
                aria-current={choice.active ? 'true' : undefined}
                leftSection={choice.active ? <IconCheck size={16} aria-hidden /> : <span className={classes.menuIconSpace} />}
                disabled={choose.isPending}
                onClick={() => {
                  if (!choice.active) choose.mutate(choice.representativeCode);
                }}
              >
                {/* Spans, as a menu item is a button; the code keeps the item's colour to stay readable when highlighted. */}
                <Text span display="block" size="sm" inherit>
                  {choice.name}
                </Text>
                <Text span display="block" size="xs">
                  {choice.clientCode}
                </Text>
                {choice.active && <VisuallyHidden>{t('user-menu.current-customer')}</VisuallyHidden>}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          {t('settings.menu-link')}
        </Menu.Item>
        <Menu.Item component={Link} to="/auth/signout" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('user-menu.sign-out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
