import { Button, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';

/** /auth/confirm-request: where Auth.js sends the person after mailing a sign-in link. */
export function ConfirmRequestPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.confirm-request.title'));
  return (
    <>
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMailForward size={30} />
      </ThemeIcon>
      <Title order={1}>{t('auth.confirm-request.title')}</Title>
      <Text>{t('auth.confirm-request.description')}</Text>
      <Text size="sm" c="dimmed">
        {t('auth.confirm-request.not-received')}
      </Text>
      <div>
        <Button component={Link} to="/auth/signin" variant="default">
          {t('auth.confirm-request.back')}
        </Button>
      </div>
    </>
  );
}
