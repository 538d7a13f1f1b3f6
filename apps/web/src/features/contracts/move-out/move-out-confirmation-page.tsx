import { Anchor, Button, Container, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatDay } from '@portal/schema/calendar-dates';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useContract } from '../contract-queries.ts';
import { ContractNotice } from '../contract-notice.tsx';
import { ContractAtAddress } from './move-out-page.tsx';
import { LoadState } from '../../../shared/ui/load-state.tsx';

/** /contracts/{id}/move-out/confirmation (spec §2): what was recorded, read back from the contract. */
export function MoveOutConfirmationPage({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('move-out.confirmation.page-title'));
  const query = useContract(contractId);
  const contract = query.data;
  const moveOut = contract?.moveOut;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('move-out.confirmation.title')} />
        {query.isLoading ? (
          <LoadState query={query} height={240} label={t('move-out.loading')} />
        ) : !contract || !moveOut ? (
          <ContractNotice color="yellow" title={t('move-out.confirmation.none')}>
            <Anchor renderRoot={(props) => <Link {...props} to="/contracts" />}>{t('move-out.back')}</Anchor>
          </ContractNotice>
        ) : (
          <>
            <ContractNotice color="green" icon={<IconCircleCheck aria-hidden />} title={t('move-out.confirmation.done')}>
              {t('move-out.confirmation.body', { date: formatDay(moveOut.endDate) })}
            </ContractNotice>
            <ContractAtAddress contract={contract} />
            <Table withTableBorder variant="vertical" aria-label={t('move-out.confirmation.summary')}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('move-out.day.label')}</Table.Th>
                  <Table.Td>{formatDay(moveOut.endDate)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('move-out.address.title')}</Table.Th>
                  <Table.Td>
                    {moveOut.finalInvoiceAddress.street}, {moveOut.finalInvoiceAddress.postalCode} {moveOut.finalInvoiceAddress.city},{' '}
                    {t(`move-out.country.${moveOut.finalInvoiceAddress.countryCode}`)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('move-out.reading.title')}</Table.Th>
                  <Table.Td>
                    {moveOut.meterReadingKwh === null
                      ? t('move-out.confirmation.no-reading')
                      : t('move-out.confirmation.reading', { kwh: moveOut.meterReadingKwh })}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed">
              {t('move-out.confirmation.next')}
            </Text>
            <Button renderRoot={(props) => <Link {...props} to="/contracts" />} variant="default" w="fit-content">
              {t('move-out.back')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
