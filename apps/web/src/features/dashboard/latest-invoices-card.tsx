import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format/energy-format.ts';
import { formatDay } from '@portal/schema/calendar-dates';
import { EmptyState } from '../../shared/ui/list-layout.tsx';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';
import { dashboardInvoicesQueryOptions } from './dashboard-queries.ts';

/** The latest invoices with their due date, amount and status; empty until the site has invoices. */
export function LatestInvoicesCard() {
  const { t, i18n } = useTranslation();
  const invoices = useQuery(dashboardInvoicesQueryOptions);
  const latest = invoices.data?.latest.slice(0, 3) ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="latest-invoices-title" h="100%">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="latest-invoices-title">
            {t('dashboard.invoices.title')}
          </Title>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/invoices" />}>
            {t('dashboard.invoices.all')}
          </Anchor>
        </Group>
        {invoices.isLoading ? (
          <Stack gap="xs" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={44} />
            ))}
          </Stack>
        ) : latest.length === 0 ? (
          <EmptyState title={t('dashboard.invoices.empty.title')} description={t('dashboard.invoices.empty.description')} />
        ) : (
          <>
            {invoices.data!.unpaidCount > 0 && (
              <Text size="sm">
                {t('dashboard.invoices.unpaid', {
                  count: invoices.data!.unpaidCount,
                  amount: formatCents(invoices.data!.unpaidTotalCents, i18n.language),
                })}
              </Text>
            )}
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {latest.map((invoice) => (
                <li key={invoice.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div>
                      <Text size="sm" fw={600}>
                        {invoice.invoiceNumber}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('dashboard.invoices.due', { date: formatDay(invoice.dueDate) })}
                      </Text>
                    </div>
                    <Stack gap={2} align="flex-end">
                      <Text size="sm" fw={600}>
                        {formatCents(invoice.totalCents, i18n.language)}
                      </Text>
                      <Badge
                        size="sm"
                        variant="filled"
                        color={
                          invoice.paymentStatus === 'paid'
                            ? STATUS_COLOURS.done
                            : invoice.overdue
                              ? STATUS_COLOURS.problem
                              : STATUS_COLOURS.waiting
                        }
                      >
                        {t(
                          invoice.paymentStatus === 'paid'
                            ? 'dashboard.invoices.paid'
                            : invoice.overdue
                              ? 'dashboard.invoices.overdue'
                              : 'dashboard.invoices.unpaid-status',
                        )}
                      </Badge>
                    </Stack>
                  </Group>
                </li>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
