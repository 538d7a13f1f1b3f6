import { and, asc, eq } from 'drizzle-orm';
import type { Bank, BankType, EInvoiceOperator } from '@portal/schema/banks';
import { bank, eInvoiceOperator } from '../../db/schema/billing.ts';
import { site } from '../../db/schema/sites.ts';
import type { Executor } from '../../platform/database.ts';

/** Reference data of the three countries; a site lists those of its own country (site.country_code). */
export const bankRepository = {
  async banks(executor: Executor, siteId: string, type: BankType): Promise<Bank[]> {
    const purpose = type === 'e-invoice' ? eq(bank.eInvoice, true) : eq(bank.payment, true);
    const rows = await executor
      .select({ id: bank.id, name: bank.name, bic: bank.bic, countryCode: bank.countryCode })
      .from(bank)
      .innerJoin(site, eq(site.countryCode, bank.countryCode))
      .where(and(eq(site.id, siteId), purpose))
      .orderBy(asc(bank.position));
    return rows;
  },
  async operators(executor: Executor, siteId: string): Promise<EInvoiceOperator[]> {
    const rows = await executor
      .select({
        id: eInvoiceOperator.id,
        name: eInvoiceOperator.name,
        code: eInvoiceOperator.code,
        countryCode: eInvoiceOperator.countryCode,
      })
      .from(eInvoiceOperator)
      .innerJoin(site, eq(site.countryCode, eInvoiceOperator.countryCode))
      .where(eq(site.id, siteId))
      .orderBy(asc(eInvoiceOperator.position));
    return rows;
  },
};
