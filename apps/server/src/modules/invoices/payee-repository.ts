import { eq } from 'drizzle-orm';
import type { PayeeDetails } from '@portal/schema/payee';
import { sitePayee } from '../../db/schema/sites.ts';
import type { Executor } from '../../platform/database.ts';

/** The seller and payee a site's invoices name (docs/decisions/095), kept in `site_payee`; scoped by the site id. */
export const payeeRepository = {
  async find(executor: Executor, siteId: string): Promise<PayeeDetails | null> {
    const [row] = await executor.select().from(sitePayee).where(eq(sitePayee.siteId, siteId));
    if (!row) return null;
    const { siteId: _site, updatedAt: _updated, ...details } = row;
    return details;
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
