import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import { paymentQueryOptions } from '../../../../../features/invoices/payment-queries.ts';
import { PaymentStepPage } from '../../../../../features/invoices/payment-pages.tsx';
import { isPaymentStep, pageOffered, type PaymentStep } from '@portal/schema/pages';
import { paymentSearch } from '../../../../../features/invoices/payment-search.ts';
import { startQuery } from '../../../../../shared/api/start-query.ts';

/** Spec §2: /invoices/{id}/payment-processing, /confirmation, /waiting-confirmation and /failed, one route. */
export const Route = createFileRoute('/_authenticated/_customer/invoices/$id/$step')({
  params: {
    parse: ({ id, step }) => {
      if (!isPaymentStep(step)) throw notFound();
      return { id, step };
    },
    stringify: ({ id, step }) => ({ id, step }),
  },
  validateSearch: paymentSearch,
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.payment) startQuery(context.queryClient, paymentQueryOptions(deps.payment));
  },
  component: function PaymentStepRoute() {
    const { id, step } = Route.useParams();
    const { payment } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onStep = useCallback(
      (next: PaymentStep) => void navigate({ to: '/invoices/$id/$step', params: { id, step: next }, search: { payment }, replace: true }),
      [navigate, id, payment],
    );
    return <PaymentStepPage step={step} invoiceId={id} paymentId={payment} onStep={onStep} />;
  },
});
