import { Button, Group, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../shared/auth/sign-out.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { takeSignOutDestination } from './sign-out-destination.ts';

/** /auth/signout: signs out on confirmation, then leaves for the sign-out-url cookie's address or home. */
export function SignOutPage() {
  const { t } = useTranslation();
  const site = useSite();
  const signOut = useSignOut();
  usePageTitle(t('auth.signout.title'));
  const confirm = () =>
    // A full page load, so nothing of the person's data stays in this tab's memory.
    signOut.mutate(undefined, { onSuccess: () => window.location.assign(takeSignOutDestination()) });
  return (
    <>
      <Title order={1}>{t('auth.signout.title')}</Title>
      <Text>{t('auth.signout.question', { company: site.companyName })}</Text>
      <Group gap="sm">
        <Button onClick={confirm} loading={signOut.isPending || signOut.isSuccess} leftSection={<IconLogout size={18} aria-hidden />}>
          {t('auth.signout.confirm')}
        </Button>
        <Button component={Link} to="/dashboard" variant="default" disabled={signOut.isPending}>
          {t('auth.signout.cancel')}
        </Button>
      </Group>
    </>
  );
}
