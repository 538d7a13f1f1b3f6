import { Box, Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconCheck, IconChevronDown, IconHeadset, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActorInfo, PortalSession } from '@portal/schema/identity';
import { useChooseRepresentative, useRepresentatives } from '../../shared/auth/representatives.ts';
import classes from './header.module.css';

type Props = { session: PortalSession; info: ActorInfo | undefined };

/**
 * The signed-in person's menu: who they are, which customer they act for, the other customers they may act
 * for (when there is more than one), and signing out. Its button names whose data the pages show: the person,
 * or the company or customer they act for.
 */
export function UserMenu({ session, info }: Props) {
  const { t } = useTranslation();
  const representatives = useRepresentatives({ enabled: true });
  const choose = useChooseRepresentative();
  const name = session.user.name ?? info?.person.name ?? t('user-menu.unnamed');
  const customer = info?.customer;
  const choices = representatives.data ?? [];
  // Whose data the pages show, when it is not the person's own: a company they represent, or a customer staff act for.
  const actingFor = info && info.actingAs !== 'self' ? info.customer : null;
  const Icon = info?.actingAs === 'staff' ? IconHeadset : actingFor ? IconBuilding : IconUserCircle;
  return (
    // Without the placeholder, opening the menu focuses its first item, and the menu holds only menu content (axe).
    <Menu position="bottom-end" withinPortal width={300} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* Icon-sized on phones, where the name and chevron would push the menu button off the bar. */}
        <Button
          variant="subtle"
          color="var(--portal-header-text)"
          px={{ base: 6, sm: 'sm' }}
          aria-label={actingFor ? t('user-menu.label-acting', { name, customer: actingFor.name }) : t('user-menu.label', { name })}
          data-testid="user-menu"
        >
          <span className={classes.menuTarget}>
            <Icon size={22} aria-hidden />
            <Text span visibleFrom="sm" inherit className={classes.menuName}>
              {actingFor ? actingFor.name : name}
            </Text>
            <Box component="span" visibleFrom="sm" display="flex">
              <IconChevronDown size={16} aria-hidden />
            </Box>
          </span>
        </Button>
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
