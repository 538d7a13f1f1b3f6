import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PaymentConfirmationPage, type PaymentStep } from '../../../../features/invoices/payment-pages.tsx';
import { paymentSearch } from '../../../../features/invoices/payment-search.ts';

export const Route = createFileRoute('/_authenticated/invoices/$id/confirmation')({
  validateSearch: paymentSearch,
  component: function PaymentStepRoute() {
    const { id } = Route.useParams();
    const { payment } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onStep = useCallback(
      (step: PaymentStep) => void navigate({ to: `/invoices/$id/${step}`, params: { id }, search: { payment }, replace: true }),
      [navigate, id, payment],
    );
    return <PaymentConfirmationPage invoiceId={id} paymentId={payment} onStep={onStep} />;
  },
});
