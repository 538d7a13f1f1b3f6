import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { SigningResult } from './signing-result.tsx';

/** /contracts/{id}/offer/confirmation?signingToken (spec §2): the renewal's signing, settled. */
export function OfferConfirmationPage({ contractId, signingToken }: { contractId: string; signingToken: string }) {
  const { t } = useTranslation();
  usePageTitle(t('offer.confirmation.page-title'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('offer.confirmation.title')} />
        <SigningResult
          signingToken={signingToken}
          startAgain={{ to: `/contracts/${encodeURIComponent(contractId)}/offer`, label: t('offer.confirmation.again') }}
        />
      </Stack>
    </Container>
  );
}
