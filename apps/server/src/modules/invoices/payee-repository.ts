import { eq } from 'drizzle-orm';
import type { PayeeDetails } from '@portal/schema/payee';
import { sitePayee } from '../../db/schema/sites.ts';
import type { Executor } from '../../platform/database.ts';

/** The details of a `site_payee` row, without its keys and bookkeeping. */
export function payeeDetailsOf({ siteId: _site, updatedAt: _updated, ...details }: typeof sitePayee.$inferSelect): PayeeDetails {
  return details;
}

/** The seller and payee a site's invoices name (docs/decisions/095), kept in `site_payee`; scoped by the site id. */
export const payeeRepository = {
  async find(executor: Executor, siteId: string): Promise<PayeeDetails | null> {
    const [row] = await executor.select().from(sitePayee).where(eq(sitePayee.siteId, siteId));
    return row ? payeeDetailsOf(row) : null;
  },

  /** Replaces the site's details as a whole. */
  async save(executor: Executor, siteId: string, details: PayeeDetails): Promise<void> {
    const values = { ...details, updatedAt: new Date() };
    await executor
      .insert(sitePayee)
      .values({ siteId, ...values })
      .onConflictDoUpdate({ target: sitePayee.siteId, set: values });
  },
};
