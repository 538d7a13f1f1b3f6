import { Button, Chip, Container, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconSignature } from '@tabler/icons-react';
import { offerOffered, pageOffered } from '@portal/schema/pages';
import type { ContractStatus } from '@portal/schema/enums';
import type { ContractSummary } from '@portal/schema/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { ListLayout } from '../../../shared/ui/list-layout.tsx';
import { useSite } from '../../../shared/site/site-context.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { ContractCard } from './contract-card.tsx';
import { useContracts } from '../contract-queries.ts';
import { offersQueryOptions } from '../signing/signing-queries.ts';

const FILTERS = ['current', 'past', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const PAST: readonly ContractStatus[] = ['ended', 'cancelled'];

const shown = (filter: Filter, contract: ContractSummary) => filter === 'all' || (filter === 'past') === PAST.includes(contract.status);

/** /contracts: the acting customer's (or represented company's) contracts, current ones first. */
export function ContractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('contracts.page-title'));
  const contracts = useContracts();
  const data = contracts.data;
  const [filter, setFilter] = useState<Filter>('current');
  const { features } = useSite();
  const offers = useQuery({ ...offersQueryOptions, enabled: offerOffered(features) }).data;
  const withOffer = new Set(offers?.map((offer) => offer.contractId));
  const items = data?.filter((contract) => shown(filter, contract));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <PageTitle title={t('contracts.title')} description={t('contracts.description')} />
          {pageOffered('/contracts/sign', features) && (
            <Button renderRoot={(props) => <Link {...props} to="/contracts/sign" />} leftSection={<IconSignature size={18} aria-hidden />}>
              {t('signing.entry')}
            </Button>
          )}
        </Group>
        <div role="group" aria-labelledby="contract-filter-label">
          <Text id="contract-filter-label" size="sm" fw={500} mb={4}>
            {t('contracts.filter.label')}
          </Text>
          <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value)}>
            <Group gap="xs">
              {FILTERS.map((value) => (
                <Chip key={value} value={value} variant="outline">
                  {/* The count once the list is here: while it loads there is no count to tell, not "(0)". */}
                  {data
                    ? t('contracts.filter.count', {
                        name: t(`contracts.filter.${value}`),
                        count: data.filter((contract) => shown(value, contract)).length,
                      })
                    : t(`contracts.filter.${value}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <ListLayout
          items={items}
          query={contracts}
          getKey={(contract) => contract.id}
          renderItem={(contract) => <ContractCard contract={contract} hasOffer={withOffer.has(contract.id)} />}
          skeletonHeight={140}
          emptyTitle={t('contracts.empty.title')}
          emptyDescription={t('contracts.empty.description')}
          aria-label={t('contracts.list.label')}
        />
      </Stack>
    </Container>
  );
}
