import { Alert, Button, Card, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { usePayment, useStartPayment } from './payment-queries.ts';
import { useInvoiceFormat } from './invoice-format.ts';
import type { PaymentStep } from '@portal/schema/pages';

export type PaymentPageProps = { invoiceId: string; paymentId?: string; onStep: (step: PaymentStep) => void };

/** Polls while the payer has just come back; a payment still pending after this long moves to the waiting page. */
export const PROCESSING_POLL_MS = 1500;
export const PROCESSING_MAX_POLLS = 8;
export const WAITING_POLL_MS = 5000;

function PaymentFrame({ icon, color, title, children }: { icon: ReactNode; color: string; title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}

function BackToInvoices({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant={primary ? 'filled' : 'default'} renderRoot={(props) => <Link {...props} to="/invoices" />}>
      {t('payments.back-to-invoices')}
    </Button>
  );
}

function MissingPayment() {
  const { t } = useTranslation();
  return (
    <PaymentFrame icon={<IconAlertTriangle size={34} />} color="yellow" title={t('payments.processing.title')}>
      <Text>{t('payments.not-found')}</Text>
      <BackToInvoices primary />
    </PaymentFrame>
  );
}

/** Follows the payment to its outcome: one effect per status, so each step is taken once. */
function useFollowPayment(
  paymentId: string | undefined,
  intervalMs: number,
  onStep: (step: PaymentStep) => void,
  pendingStep?: PaymentStep,
) {
  const query = usePayment(paymentId, intervalMs);
  const queryClient = useQueryClient();
  const status = query.data?.status;
  // Reading dataUpdatedAt subscribes to every answer, also one equal to the last; the count comes from the cache.
  const polls = query.dataUpdatedAt ? (queryClient.getQueryState(queryKeys.payments.detail(paymentId ?? ''))?.dataUpdateCount ?? 0) : 0;
  useEffect(() => {
    if (status === 'confirmed') onStep('confirmation');
    else if (status === 'failed' || status === 'refund-due') onStep('failed');
    else if (pendingStep && status && polls >= PROCESSING_MAX_POLLS) onStep(pendingStep);
  }, [status, polls, onStep, pendingStep]);
  return query;
}

/** /invoices/{id}/payment-processing: where the provider sends the payer back. */
export function PaymentProcessingPage({ paymentId, onStep }: PaymentPageProps) {
  const { t } = useTranslation();
  const query = useFollowPayment(paymentId, PROCESSING_POLL_MS, onStep, 'waiting-confirmation');
  if (!paymentId || query.isError) return <MissingPayment />;
  return (
    <PaymentFrame icon={<Loader size={34} />} color="blue" title={t('payments.processing.title')}>
      <Text role="status">{t('payments.processing.description')}</Text>
    </PaymentFrame>
  );
}

/** /invoices/{id}/waiting-confirmation: the bank has not answered yet; keeps checking. */
export function PaymentWaitingPage({ paymentId, onStep }: PaymentPageProps) {
  const { t } = useTranslation();
  const query = useFollowPayment(paymentId, WAITING_POLL_MS, onStep);
  if (!paymentId || query.isError) return <MissingPayment />;
  return (
    <PaymentFrame icon={<IconClockHour4 size={34} />} color="yellow" title={t('payments.waiting.title')}>
      <Text>{t('payments.waiting.description')}</Text>
      <Alert color="blue" variant="light" ta="left">
        {t('payments.waiting.next')}
      </Alert>
      <Text size="sm" c="dimmed" role="status">
        {t('payments.waiting.checking')}
      </Text>
      <Group justify="center">
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('payments.waiting.check-now')}
        </Button>
        <BackToInvoices />
      </Group>
    </PaymentFrame>
  );
}

/** /invoices/{id}/confirmation: paid; the invoice lists refresh. */
export function PaymentConfirmationPage({ paymentId, onStep }: PaymentPageProps) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const queryClient = useQueryClient();
  const query = useFollowPayment(paymentId, WAITING_POLL_MS, onStep);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
  }, [queryClient]);
  if (!paymentId || query.isError) return <MissingPayment />;
  const payment = query.data;
  return (
    <PaymentFrame icon={<IconCircleCheck size={34} />} color="green" title={t('payments.confirmation.title')}>
      {payment ? (
        <Text size="lg">
          {t('payments.confirmation.description', { number: payment.invoiceNumber, amount: format.money(payment.amountCents) })}
        </Text>
      ) : (
        <Loader size="sm" />
      )}
      <Text c="dimmed">{t('payments.confirmation.next')}</Text>
      <BackToInvoices primary />
    </PaymentFrame>
  );
}

/**
 * /invoices/{id}/failed: nothing was taken, so try again or pay by transfer; or the bank took money for an invoice
 * that another payment had already paid (refund-due), which goes back to the payer.
 */
export function PaymentFailedPage({ paymentId }: PaymentPageProps) {
  const { t } = useTranslation();
  const query = usePayment(paymentId, WAITING_POLL_MS);
  const retry = useStartPayment();
  if (!paymentId || query.isError) return <MissingPayment />;
  if (query.data?.status === 'refund-due') {
    return (
      <PaymentFrame icon={<IconAlertTriangle size={34} />} color="yellow" title={t('payments.refund-due.title')}>
        <Text>{t('payments.refund-due.description', { number: query.data.invoiceNumber })}</Text>
        <BackToInvoices primary />
      </PaymentFrame>
    );
  }
  return (
    <PaymentFrame icon={<IconAlertTriangle size={34} />} color="red" title={t('payments.failed.title')}>
      <Text>{t('payments.failed.description')}</Text>
      <Group justify="center">
        <Button onClick={() => query.data && retry.mutate(query.data.invoiceNumber)} disabled={!query.data} loading={retry.isPending}>
          {t('payments.try-again')}
        </Button>
        <BackToInvoices />
      </Group>
    </PaymentFrame>
  );
}

const STEP_PAGES = {
  'payment-processing': PaymentProcessingPage,
  confirmation: PaymentConfirmationPage,
  'waiting-confirmation': PaymentWaitingPage,
  failed: PaymentFailedPage,
} satisfies Record<PaymentStep, (props: PaymentPageProps) => ReactNode>;

/** /invoices/{id}/{step}: the page of one step of the payment flow. */
export function PaymentStepPage({ step, ...props }: PaymentPageProps & { step: PaymentStep }) {
  const Page = STEP_PAGES[step];
  return <Page {...props} />;
}
