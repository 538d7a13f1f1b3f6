import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { CustomerCard } from './customer-card.tsx';
import { CustomerSearchForm } from './customer-search-form.tsx';
import { ConnectionRequestsLink } from './connection-requests-link.tsx';
import { ErasureRequests } from './erasure-requests.tsx';
import { OperatorOutagesLink } from './operator-outages-link.tsx';
import { RecentCustomers } from './recent-customers.tsx';
import { SearchResults } from './search-results.tsx';
import type { StaffSearch } from './staff-search.ts';
import { WaitingTickets } from './waiting-tickets.tsx';

type Props = { search: StaffSearch; onSearchChange: (next: StaffSearch) => void };

/**
 * /staff: customer service's own landing (docs/decisions/075). Find a customer of the site by whatever the caller
 * gives, open their card, act for them; their recent customers and the support queue's waiting tickets beside.
 */
export function StaffPage({ search, onSearchChange }: Props) {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('staff.title'));
  const page = search.page ?? 1;
  const open = (customer: string) => onSearchChange({ ...search, customer });
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('staff.title')}</Title>
          <Text c="dimmed">{t('staff.description', { company: site.companyName })}</Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <CustomerSearchForm key={search.q ?? ''} initialQuery={search.q ?? ''} onSearch={(q) => onSearchChange({ q })} />
              {search.customer && <CustomerCard key={search.customer} clientCode={search.customer} />}
              {search.q && (
                <SearchResults
                  q={search.q}
                  page={page}
                  selected={search.customer}
                  onOpen={open}
                  onPage={(next) => onSearchChange({ q: search.q, page: next })}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <RecentCustomers onOpen={open} />
              {site.features.includes('SUPPORT') && <WaitingTickets />}
              {site.features.includes('CONNECTION_REQUESTS') && <ConnectionRequestsLink />}
              {site.features.includes('OUTAGES') && <OperatorOutagesLink />}
              <ErasureRequests />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
