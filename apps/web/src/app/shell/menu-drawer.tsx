import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconCheck, IconLogin, IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActorInfo, PortalSession } from '@portal/schema/identity';
import { useChooseRepresentative, useRepresentatives } from '../../shared/auth/representatives.ts';
import { useCurrentPath } from '../../shared/hooks/use-current-path.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ColorSchemeChoice } from './color-scheme-choice.tsx';
import classes from './header.module.css';
import { LanguageSwitcher } from './language-switcher.tsx';
import type { NavigationItem } from './navigation-items.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  items: NavigationItem[];
  session: PortalSession | null;
  info: ActorInfo | undefined;
};

/**
 * The phone's menu: everything the header holds on a wide screen, which a phone's bar has no room for. Who is
 * signed in and for whom they act, the pages, the customers they may act for, colour scheme, language, and
 * signing in or out.
 */
export function MenuDrawer({ opened, onClose, items, session, info }: Props) {
  const { t } = useTranslation();
  const site = useSite();
  const currentPath = useCurrentPath();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={site.companyName}
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('nav.close-menu') }}
    >
      <Stack gap="md">
        {session && <Account session={session} info={info} />}
        <nav aria-label={t('nav.main')}>
          <Stack gap={0}>
            {items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                activeOptions={{ exact: true }}
                label={t(item.label)}
                leftSection={<item.icon size={18} aria-hidden />}
                onClick={onClose}
              />
            ))}
          </Stack>
        </nav>
        {session && <CustomerChoice onChosen={onClose} />}
        <Divider />
        <ColorSchemeChoice />
        <div className={classes.drawerLanguages}>
          <LanguageSwitcher />
        </div>
        <Divider />
        {session ? (
          <NavLink
            component={Link}
            to="/auth/signout"
            label={t('user-menu.sign-out')}
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={onClose}
          />
        ) : (
          <NavLink
            renderRoot={(props) => <Link {...props} to="/auth/signin" search={{ callbackUrl: currentPath }} />}
            label={t('user-menu.sign-in')}
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={onClose}
          />
        )}
      </Stack>
    </Drawer>
  );
}

function Account({ session, info }: { session: PortalSession; info: ActorInfo | undefined }) {
  const { t } = useTranslation();
  const name = session.user.name ?? info?.person.name ?? t('user-menu.unnamed');
  const customer = info?.customer;
  return (
    <section aria-label={t('user-menu.signed-in-as')} className={classes.drawerAccount}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('user-menu.signed-in-as')}
      </Text>
      <Text fw={600}>{name}</Text>
      {customer && (
        <Text size="sm" data-testid="drawer-customer">
          {info.actingAs === 'self'
            ? t('user-menu.customer', { clientCode: customer.clientCode, name: customer.name })
            : t('header.acting-for', { name: `${customer.name} (${customer.clientCode})` })}
        </Text>
      )}
    </section>
  );
}

/** The customers a person may act for, when there is more than one: the same choice as the user menu's. */
function CustomerChoice({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const representatives = useRepresentatives({ enabled: true });
  const choose = useChooseRepresentative();
  const choices = representatives.data ?? [];
  if (choices.length <= 1) return null;
  return (
    <section aria-labelledby="drawer-switch-customer">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="drawer-switch-customer" mb={4}>
        {t('user-menu.switch-customer')}
      </Text>
      {choices.map((choice) => (
        <NavLink
          key={choice.representativeCode}
          component="button"
          type="button"
          label={choice.name}
          description={choice.clientCode}
          aria-current={choice.active ? 'true' : undefined}
          rightSection={choice.active ? <IconCheck size={16} aria-label={t('user-menu.current-customer')} /> : null}
          disabled={choose.isPending}
          onClick={() => {
            if (!choice.active) choose.mutate(choice.representativeCode, { onSuccess: onChosen });
          }}
        />
      ))}
    </section>
  );
}
