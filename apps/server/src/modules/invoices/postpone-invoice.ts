import type { InvoiceSummary } from '@portal/schema/invoices';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { checkPostponement, postponementError } from './invoice-postponement.ts';
import { invoiceRepository, type InvoiceScope } from './invoice-repository.ts';

/**
 * Moves the due date of one of the scope's invoices within the rules of docs/decisions/010. The rules are
 * checked on the locked invoice inside the same transaction that writes the change, so two postponements sent
 * at once cannot both pass the once-per-invoice rule.
 */
export async function postponeInvoice(
  deps: { db: Database },
  scope: InvoiceScope,
  invoiceNumber: string,
  change: { dueDate: string; personId: string },
): Promise<InvoiceSummary> {
  return deps.db.transaction(async (tx) => {
    const locked = await invoiceRepository.lockForChange(tx, scope, invoiceNumber);
    if (!locked) throw new AppError('INVOICE_NOT_FOUND', 'No such invoice');
    const refusal = checkPostponement(locked.facts, change.dueDate);
    if (refusal) throw postponementError(refusal, locked.facts);
    await invoiceRepository.moveDueDate(tx, { invoiceId: locked.id, previousDueDate: locked.dueDate, ...change });
    return (await invoiceRepository.summaryById(tx, scope, locked.id))!;
  });
}
