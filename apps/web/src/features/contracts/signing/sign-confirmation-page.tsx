import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { SigningResult } from './signing-result.tsx';

/** /contracts/sign/confirmation?signingToken (spec §2): the signing service sent the signer back here. */
export function SignConfirmationPage({ signingToken }: { signingToken: string }) {
  const { t } = useTranslation();
  usePageTitle(t('signing.confirmation.page-title'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('signing.confirmation.title')} />
        <SigningResult signingToken={signingToken} startAgain={{ to: '/contracts/sign', label: t('signing.confirmation.again') }} />
      </Stack>
    </Container>
  );
}
