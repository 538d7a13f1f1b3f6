import { Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { IconArrowsExchange, IconChevronDown, IconChevronUp, IconFileTypePdf, IconGift, IconTruckDelivery } from '@tabler/icons-react';
import { moveOutOffered, networkProductOffered, offerOffered } from '@portal/schema/pages';
import type { ContractSummary } from '@portal/schema/contracts';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../shared/site/site-context.tsx';
import { UtilityBadge } from '../../../shared/ui/utility-badge.tsx';
import { ContractDetails } from './contract-details.tsx';
import { useContractFormat } from '../contract-format.ts';
import { useDownloadContract } from '../contract-queries.ts';
import { ContractStatusBadge } from './contract-status-badge.tsx';

/** One contract in the list: product, status and type chips, where and since when; prices and billing on demand. */
export function ContractCard({ contract, hasOffer = false }: { contract: ContractSummary; hasOffer?: boolean }) {
  const { t } = useTranslation();
  const format = useContractFormat();
  const [open, details] = useDisclosure(false);
  const download = useDownloadContract();
  const { features } = useSite();
  const canMoveOut =
    moveOutOffered(features) && contract.moveOutDate === null && (contract.status === 'active' || contract.status === 'ending');
  const canRenew = hasOffer && offerOffered(features) && contract.status === 'active';
  // A network operator's grid contract in force (or ending by a pending change) leads to its network products (decision 127).
  const canChangeNetworkProduct =
    networkProductOffered(features) &&
    contract.type === 'GridContract' &&
    contract.utility === 'electricity' &&
    contract.moveOutDate === null &&
    (contract.status === 'active' || contract.status === 'ending');
  const titleId = `contract-${contract.id}`;
  const detailsId = `contract-details-${contract.id}`;
  const { address } = contract;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {contract.productName}
          </Title>
          <ContractStatusBadge status={contract.status} />
        </Group>
        <Group gap={6} wrap="wrap">
          <UtilityBadge utility={contract.utility} />
          <Badge variant="default">{t(`contracts.type.${contract.type}`)}</Badge>
          <Badge variant="default">{t(`contracts.price-type.${contract.priceType}`)}</Badge>
        </Group>
        <Text size="sm">
          {address.street}, {address.postalCode} {address.city}
        </Text>
        <Text size="sm" c="dimmed">
          {t('contracts.number', { number: contract.contractNumber })} ·{' '}
          {t('contracts.metering-point', { code: contract.meteringPointCode })}
        </Text>
        <Text size="sm" c="dimmed">
          {contract.endDate
            ? t('contracts.period', { start: format.date(contract.startDate), end: format.date(contract.endDate) })
            : t('contracts.since', { start: format.date(contract.startDate) })}
          {contract.termMonths !== null && ` · ${t('contracts.term', { count: contract.termMonths })}`}
        </Text>
        {contract.moveOutDate !== null && (
          <Text size="sm" fw={500}>
            {t('contracts.moving-out', { date: format.date(contract.moveOutDate) })}
          </Text>
        )}
      </Stack>
      <Group gap="xs" mt="md" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-md"
          onClick={details.toggle}
          aria-expanded={open}
          aria-controls={detailsId}
          rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        >
          {t(open ? 'contracts.details.hide' : 'contracts.details.show')}
        </Button>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate(contract.id)}
          aria-label={t('contracts.download.label', { number: contract.contractNumber })}
        >
          {t('contracts.download.pdf')}
        </Button>
        {canRenew && (
          <Button
            renderRoot={(props) => <Link {...props} to="/contracts/$id/offer" params={{ id: contract.id }} />}
            variant="light"
            size="compact-md"
            leftSection={<IconGift size={16} aria-hidden />}
            aria-label={t('offer.entry-label', { number: contract.contractNumber })}
          >
            {t('offer.entry')}
          </Button>
        )}
        {canChangeNetworkProduct && (
          <Button
            renderRoot={(props) => <Link {...props} to="/contracts/$id/network-product" params={{ id: contract.id }} />}
            variant="light"
            size="compact-md"
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            aria-label={t('contracts.network-product.label', { number: contract.contractNumber })}
          >
            {t('contracts.network-product.button')}
          </Button>
        )}
        {canMoveOut && (
          <Button
            renderRoot={(props) => <Link {...props} to="/contracts/$id/move-out" params={{ id: contract.id }} />}
            variant="default"
            size="compact-md"
            leftSection={<IconTruckDelivery size={16} aria-hidden />}
            aria-label={t('contracts.move-out.label', { number: contract.contractNumber })}
          >
            {t('contracts.move-out.button')}
          </Button>
        )}
      </Group>
      <Collapse expanded={open} id={detailsId}>
        <Stack mt="md">{open && <ContractDetails id={contract.id} />}</Stack>
      </Collapse>
    </Card>
  );
}
