import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFeature } from '../../../shared/site/site-context.tsx';
import { BillingChannelDialog } from './billing-channel-dialog.tsx';
import { useContractFormat } from '../contract-format.ts';
import { useContract } from '../contract-queries.ts';
import { TimeOfUseNote, useComponentName } from '../time-of-use.tsx';
import { LoadState } from '../../../shared/ui/load-state.tsx';

/**
 * A contract's prices (VAT excluded, and included at the rate in force on the contract's VAT day, which the note names)
 * and where its invoices go, with the billing change.
 */
export function ContractDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useContractFormat();
  const managementDisabled = useFeature('CONTRACT_MANAGEMENT_DISABLED');
  const [billingOpen, billing] = useDisclosure(false);
  const name = useComponentName();
  const query = useContract(id);
  const contract = query.data;
  if (!contract) return <LoadState query={query} height={160} label={t('contracts.details.loading')} />;
  const kinds = contract.priceComponents.map((component) => component.kind);
  const changeable = !managementDisabled && contract.status !== 'ended' && contract.status !== 'cancelled';
  const pricesId = `contract-prices-${id}`;
  const billingId = `contract-billing-${id}`;

  return (
    <Stack gap="md">
      <section aria-labelledby={pricesId}>
        <Title order={3} size="h5" id={pricesId} mb="xs">
          {t('contracts.prices.title')}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contracts.prices.component')}</Table.Th>
                <Table.Th scope="col">{t('contracts.prices.without-vat')}</Table.Th>
                <Table.Th scope="col">{t('contracts.prices.with-vat', { rate: format.vatRate(contract.vatPermille) })}</Table.Th>
                <Table.Th scope="col">{t('contracts.prices.valid')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contract.priceComponents.map((component, index) => (
                <Table.Tr key={`${component.kind}-${index}`}>
                  <Table.Th scope="row" fw={500}>
                    {name(component.kind, kinds)}
                  </Table.Th>
                  <Table.Td>{format.price(component.priceCents, component.unit, component.thresholdKw)}</Table.Td>
                  <Table.Td>
                    {format.price(component.priceWithVatCents, component.unit, component.thresholdKw)}
                    {/* A price valid only on days of another rate says its own rate. */}
                    {component.vatPermille !== contract.vatPermille && ` (${format.vatRate(component.vatPermille)})`}
                  </Table.Td>
                  <Table.Td>
                    {component.validTo
                      ? `${format.date(component.validFrom)} – ${format.date(component.validTo)}`
                      : t('contracts.prices.from', { date: format.date(component.validFrom) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt={4}>
          {t('contracts.prices.vat-note', { date: format.date(contract.vatDate) })}
        </Text>
        <TimeOfUseNote kinds={kinds} />
        {(contract.priceType === 'Hourly' || contract.priceType === 'FixedHourlyWithPriceLimits') && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('contracts.prices.spot-note')}
          </Text>
        )}
      </section>

      <section aria-labelledby={billingId}>
        <Title order={3} size="h5" id={billingId} mb="xs">
          {t('contracts.billing.title')}
        </Title>
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t(`contracts.billing.channel.${contract.billing.channel}`)}
            </Text>
            {contract.billing.target && <Text size="sm">{contract.billing.target}</Text>}
            {contract.billing.operator && (
              <Text size="sm" c="dimmed">
                {t('contracts.billing.operator-is', { operator: contract.billing.operator })}
              </Text>
            )}
          </Stack>
          {changeable && (
            <Button variant="default" size="compact-md" leftSection={<IconMailForward size={16} aria-hidden />} onClick={billing.open}>
              {t('contracts.billing.change')}
            </Button>
          )}
        </Group>
      </section>
      {changeable && billingOpen && <BillingChannelDialog contract={contract} opened={billingOpen} onClose={billing.close} />}
    </Stack>
  );
}
