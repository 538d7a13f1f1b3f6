import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useConfirmEmail } from './profile-queries.ts';

/**
 * /settings/email-confirmation?token=…: the page the mailed link opens. It confirms with a POST once the person is
 * signed in (the route is behind sign-in), so a mail scanner opening the link changes nothing.
 */
export function EmailConfirmationPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  usePageTitle(t('settings.email-confirmation.title'));
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);
  const failure = confirm.error instanceof ApiError ? confirm.error : null;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('settings.email-confirmation.title')}</Title>
        {confirm.isPending && (
          <Alert color="blue" icon={<Loader size="sm" />}>
            {t('settings.email-confirmation.confirming')}
          </Alert>
        )}
        {confirm.isSuccess && (
          <Alert color="green" role="status">
            {t('settings.email-confirmation.done', { email: confirm.data.email })}
          </Alert>
        )}
        {(!token || confirm.isError) && (
          <Alert color="yellow" role="alert" data-testid="confirmation-failed">
            {failure?.code
              ? t(`errors.codes.${failure.code}`, { defaultValue: t('settings.email-confirmation.failed') })
              : t('settings.email-confirmation.failed')}
          </Alert>
        )}
        <Text>
          <Link to="/settings" search={{ tab: 'profile' }}>
            {t('settings.email-confirmation.back')}
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
