import { Chip, Container, Group, Stack, Text } from '@mantine/core';
import type { ContractStatus } from '@portal/schema/enums';
import type { ContractSummary } from '@portal/schema/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { ListLayout } from '../../shared/ui/list-layout.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { ContractCard } from './contract-card.tsx';
import { useContracts } from './get-contracts.ts';

const FILTERS = ['current', 'past', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const PAST: readonly ContractStatus[] = ['ended', 'cancelled'];

const shown = (filter: Filter, contract: ContractSummary) => filter === 'all' || (filter === 'past') === PAST.includes(contract.status);

/** /contracts: the acting customer's (or represented company's) contracts, current ones first. */
export function ContractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('contracts.page-title'));
  const { data, isLoading } = useContracts();
  const [filter, setFilter] = useState<Filter>('current');
  const items = data?.filter((contract) => shown(filter, contract));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('contracts.title')} description={t('contracts.description')} />
        <div role="group" aria-labelledby="contract-filter-label">
          <Text id="contract-filter-label" size="sm" fw={500} mb={4}>
            {t('contracts.filter.label')}
          </Text>
          <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value)}>
            <Group gap="xs">
              {FILTERS.map((value) => (
                <Chip key={value} value={value} variant="outline">
                  {t(`contracts.filter.${value}`, { count: data?.filter((contract) => shown(value, contract)).length ?? 0 })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <ListLayout
          items={items}
          isLoading={isLoading}
          getKey={(contract) => contract.id}
          renderItem={(contract) => <ContractCard contract={contract} />}
          skeletonHeight={140}
          emptyTitle={t('contracts.empty.title')}
          emptyDescription={t('contracts.empty.description')}
          aria-label={t('contracts.list.label')}
        />
      </Stack>
    </Container>
  );
}
