import { Button, Group, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { toAuthErrorCode } from './auth-errors.ts';

/** /auth/error: what went wrong with signing in, in plain words, and the two ways on. */
export function AuthErrorPage({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  const code = toAuthErrorCode(error);
  const title = t(`auth.error.${code}.title`);
  usePageTitle(title);
  return (
    <>
      <Title order={1}>{title}</Title>
      <Text>{t(`auth.error.${code}.description`)}</Text>
      <Group gap="sm">
        <Button component={Link} to="/auth/signin" leftSection={<IconRefresh size={18} aria-hidden />}>
          {t('auth.error.try-again')}
        </Button>
        <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} aria-hidden />}>
          {t('auth.back-to-main-page')}
        </Button>
      </Group>
    </>
  );
}
