import { Box, Container, Group, Pagination, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { InvoiceSort, InvoiceStatusFilter } from '@portal/schema/invoices';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { ListLayout } from '../../shared/ui/list-layout.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { useInvoices } from './invoice-queries.ts';
import { InvoiceCard } from './invoice-card.tsx';
import { FILTERS, INVOICE_PAGE_SIZE, invoiceListParams, SORTS, type InvoicesSearch } from './invoices-search.ts';

type Props = { search: InvoicesSearch; onSearchChange: (search: InvoicesSearch) => void };

/** /invoices: the customer's invoices with a status filter, sorting and paging. */
export function InvoicesPage({ search, onSearchChange }: Props) {
  const { t } = useTranslation();
  usePageTitle(t('invoices.page-title'));
  const params = invoiceListParams(search);
  const { page, sort } = params;
  const invoices = useInvoices(params);
  const data = invoices.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / INVOICE_PAGE_SIZE)) : 1;
  const filterOptions = FILTERS.map((value) => ({ value, label: t(`invoices.filter.${value}`) }));
  const changeFilter = (value: string) =>
    onSearchChange({ ...search, type: value === 'all' ? undefined : (value as InvoiceStatusFilter), page: undefined });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('invoices.title')} description={t('invoices.description')} />
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          {/* Four segments do not fit a phone in every language: a select says the same. The stylesheet chooses,
              so the page the server drew does not change when the app takes it over (decision 104). */}
          <Box hiddenFrom="xs" w="100%">
            <Select
              label={t('invoices.filter.label')}
              value={search.type ?? 'all'}
              onChange={(value) => changeFilter(value ?? 'all')}
              data={filterOptions}
              allowDeselect={false}
            />
          </Box>
          <Box visibleFrom="xs" role="group" aria-labelledby="invoice-filter-label">
            <Text id="invoice-filter-label" size="sm" fw={500} mb={4}>
              {t('invoices.filter.label')}
            </Text>
            <SegmentedControl value={search.type ?? 'all'} onChange={changeFilter} data={filterOptions} />
          </Box>
          <Select
            label={t('invoices.sort.label')}
            value={sort}
            onChange={(value) => onSearchChange({ ...search, sort: (value as InvoiceSort) ?? undefined, page: undefined })}
            data={SORTS.map((value) => ({ value, label: t(`invoices.sort.${value}`) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
        {data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('invoices.total-count', { count: data.total })}
          </Text>
        )}
        <ListLayout
          items={data?.invoices}
          query={invoices}
          getKey={(invoice) => invoice.id}
          renderItem={(invoice) => <InvoiceCard invoice={invoice} />}
          skeletonHeight={150}
          emptyTitle={t('invoices.empty.title')}
          emptyDescription={t('invoices.empty.description')}
          aria-label={t('invoices.list.label')}
        />
        {pages > 1 && (
          <Group justify="center">
            <nav aria-label={t('invoices.pagination.label')}>
              <Pagination
                total={pages}
                value={page}
                onChange={(value) => onSearchChange({ ...search, page: value > 1 ? value : undefined })}
                getItemProps={(item) => ({
                  'aria-label': t('invoices.pagination.page', { page: item }),
                  'aria-current': item === page ? 'page' : undefined,
                })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('invoices.pagination.previous') }
                    : control === 'next'
                      ? { 'aria-label': t('invoices.pagination.next') }
                      : {}
                }
              />
            </nav>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
