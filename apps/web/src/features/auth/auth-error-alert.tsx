import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toAuthErrorCode } from './auth-errors.ts';

/** Why the person is back on the sign-in page; being asked to sign in is news, not a fault. */
export function AuthErrorAlert({ error }: { error: string }) {
  const { t } = useTranslation();
  const code = toAuthErrorCode(error);
  const informational = code === 'SessionRequired';
  const Icon = informational ? IconInfoCircle : IconAlertCircle;
  return (
    <Alert
      variant="light"
      color={informational ? 'blue' : 'red'}
      icon={<Icon aria-hidden />}
      title={t(`auth.error.${code}.title`)}
      data-error-code={code}
    >
      {t(`auth.error.${code}.description`)}
    </Alert>
  );
}
