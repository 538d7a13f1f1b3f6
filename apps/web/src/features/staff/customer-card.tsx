import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartActingForCustomer } from '../../shared/auth/staff-acting-customer.ts';
import { customerCardQueryOptions } from './staff-queries.ts';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

/** One customer's card, opened from the results or recent customers; acting starts here and opens their dashboard. */
export function CustomerCard({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = useQuery(customerCardQueryOptions(clientCode));
  const start = useStartActingForCustomer();
  if (card.isPending) return <Skeleton height={240} radius="md" aria-label={t('app.loading')} />;
  if (card.isError || !card.data) {
    return (
      <Alert color="yellow" title={t('staff.card.not-found')}>
        {clientCode}
      </Alert>
    );
  }
  const customer = card.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-card-title" data-testid="customer-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h3" id="staff-card-title">
              {customer.name}
            </Title>
            <Group gap="xs">
              <Text c="dimmed">{t('staff.card.client-code', { clientCode: customer.clientCode })}</Text>
              <Badge variant="filled" color={STATUS_COLOURS.neutral}>
                {t(`staff.card.type.${customer.type}`)}
              </Badge>
            </Group>
          </Stack>
          <Button
            leftSection={<IconHeadset size={18} aria-hidden />}
            loading={start.isPending}
            onClick={() => start.mutate(customer.clientCode, { onSuccess: () => void navigate({ to: '/dashboard' }) })}
          >
            {t('staff.card.act', { name: customer.name })}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label={t('staff.card.people')}>
            {customer.people.map((person) => `${person.name ?? '–'} (${t(`staff.card.relation.${person.relation}`)})`)}
          </Fact>
          {customer.businessCode && <Fact label={t('staff.card.business-code')}>{[customer.businessCode]}</Fact>}
          <Fact label={t('staff.card.emails')}>{customer.emails}</Fact>
          <Fact label={t('staff.card.phones')}>{customer.phones}</Fact>
          <Fact label={t('staff.card.addresses')}>{customer.addresses}</Fact>
          <Fact label={t('staff.card.usage-points')}>{customer.usagePoints.map((point) => `${point.gsrn} · ${point.address}`)}</Fact>
          <Fact label={t('staff.card.open-invoices')}>{[String(customer.openInvoices)]}</Fact>
          <Fact label={t('staff.card.active-contracts')}>{[String(customer.activeContracts)]}</Fact>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('staff.card.logged')}
        </Text>
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('staff.card.none')}
        </Text>
      ) : (
        <List size="sm" listStyleType="none" spacing={2}>
          {children.map((child, index) => (
            <List.Item key={index}>{child}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
