import { Alert, Button, Container, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../../shared/auth/sign-in.ts';
import { useReverification } from '../../shared/auth/use-reverification.ts';
import { useCurrentPath } from '../../shared/hooks/use-current-path.ts';

/** Spec §4: asks, without blocking the page, for a fresh e-ID verification once the period has passed. */
export function ReverificationAlert() {
  const { t } = useTranslation();
  const due = useReverification();
  const signIn = useSignIn();
  const currentPath = useCurrentPath();
  if (!due) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        variant="light"
        color="yellow"
        icon={<IconShieldCheck aria-hidden />}
        title={t('reverification.title')}
        // Mantine's yellow title on the light yellow background is below 4.5:1; the body text colour is not.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Text size="sm">{t('reverification.description')}</Text>
        <Button mt="sm" size="sm" loading={signIn.isPending} onClick={() => signIn.mutate({ providerId: 'eid', callbackUrl: currentPath })}>
          {t('reverification.verify')}
        </Button>
      </Alert>
    </Container>
  );
}
