import { Badge } from '@mantine/core';
import type { InvoiceSummary } from '@portal/schema/invoices';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

export type InvoiceState = 'paid' | 'unpaid' | 'overdue';
export const invoiceState = (invoice: Pick<InvoiceSummary, 'paymentStatus' | 'overdue'>): InvoiceState =>
  invoice.paymentStatus === 'paid' ? 'paid' : invoice.overdue ? 'overdue' : 'unpaid';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark. */
const COLOR: Record<InvoiceState, string> = { paid: STATUS_COLOURS.done, unpaid: STATUS_COLOURS.waiting, overdue: STATUS_COLOURS.problem };

/** Paid, unpaid or overdue: overdue is an unpaid invoice past its due date (computed by the server). */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'paymentStatus' | 'overdue'> }) {
  const { t } = useTranslation();
  const state = invoiceState(invoice);
  return (
    <Badge color={COLOR[state]} variant="filled" data-state={state}>
      {t(`invoices.status.${state}`)}
    </Badge>
  );
}
