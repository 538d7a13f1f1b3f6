import type { InvoiceSummary, InvoiceWithPayment } from '@portal/schema/invoices';
import type { PaymentView } from '@portal/schema/payments';

/** Test data as the API answers it (kept next to the feature, used only by its tests). */
export function buildInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    invoiceNumber: 'SC-100001-202610',
    referenceNumber: 'RF18539007547034',
    issueDate: '2026-11-05',
    dueDate: '2026-11-26',
    originalDueDate: '2026-11-26',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    netCents: 12345,
    vatCents: 3148,
    totalCents: 15493,
    vatLines: [{ vatPermille: 255, netCents: 12345, vatCents: 3148 }],
    currency: 'EUR',
    type: 'Regular',
    delivery: 'email',
    paymentStatus: 'unpaid',
    overdue: false,
    paidAt: null,
    contract: { id: 'ct-1', contractNumber: 'SC-100001', productName: 'Lumo Pörssi' },
    utilities: ['electricity'],
    postponement: {
      allowed: true,
      minDate: '2026-11-27',
      maxDate: '2026-12-10',
      refusal: null,
      postponementsUsed: 0,
      postponementsAllowed: 1,
      maxDays: 14,
    },
    ...overrides,
  };
}

export function buildInvoiceDetail(overrides: Partial<InvoiceWithPayment> = {}): InvoiceWithPayment {
  return {
    ...buildInvoiceSummary(overrides),
    payment: null,
    rows: [
      {
        position: 1,
        gsrn: '643007574000000001',
        utility: 'electricity',
        componentKind: 'Base',
        unit: 'kWh',
        quantity: '1408.000',
        unitPriceCents: '8.49000',
        netCents: 11950,
        vatPermille: 255,
      },
      {
        position: 2,
        gsrn: '643007574000000001',
        utility: 'electricity',
        componentKind: 'Monthly',
        unit: 'month',
        quantity: '1.000',
        unitPriceCents: '395.00000',
        netCents: 395,
        vatPermille: 255,
      },
    ],
    ...overrides,
  };
}

export function buildPayment(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    invoiceId: '11111111-1111-4111-8111-111111111111',
    invoiceNumber: 'SC-100001-202610',
    provider: 'SIMULATOR',
    status: 'pending',
    amountCents: 15493,
    currency: 'EUR',
    createdAt: '2026-11-22T10:00:00.000Z',
    confirmedAt: null,
    ...overrides,
  };
}
