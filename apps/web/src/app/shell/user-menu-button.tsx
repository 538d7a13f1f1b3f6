import { Box, Button, Text } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconHeadset, IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorInfo, PortalSession } from '@portal/schema/identity';
import classes from './header.module.css';

type Props = { session: PortalSession; info: ActorInfo | undefined };

/** The menu's button, the same drawn closed and as the menu's target. */
export function UserMenuButton({ session, info, ...button }: Props & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const name = personName(session, info, t('user-menu.unnamed'));
  // Whose data the pages show, when it is not the person's own: a company they represent, or a customer staff act for.
  const actingFor = info && info.actingAs !== 'self' ? info.customer : null;
  const Icon = info?.actingAs === 'staff' ? IconHeadset : actingFor ? IconBuilding : IconUserCircle;
  return (
    // Icon-sized on phones, where the name and chevron would push the menu button off the bar.
    <Button
      variant="subtle"
      color="var(--portal-header-text)"
      px={{ base: 6, sm: 'sm' }}
      aria-label={actingFor ? t('user-menu.label-acting', { name, customer: actingFor.name }) : t('user-menu.label', { name })}
      data-testid="user-menu"
      {...button}
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
  );
}

/** The person's name from the e-ID, else as the register has it. */
export const personName = (session: PortalSession, info: ActorInfo | undefined, unnamed: string) =>
  session.user.name ?? info?.person.name ?? unnamed;
