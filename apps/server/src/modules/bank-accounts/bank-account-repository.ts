import { and, asc, eq } from 'drizzle-orm';
import type { BankAccount } from '@portal/schema/settings';
import { bankAccount } from '../../db/schema/settings.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const columns = {
  bankAccountId: bankAccount.id,
  iban: bankAccount.iban,
  bic: bankAccount.bic,
  ownerName: bankAccount.ownerName,
  createdAt: bankAccount.createdAt,
};
const toBankAccount = (row: {
  bankAccountId: string;
  iban: string;
  bic: string | null;
  ownerName: string;
  createdAt: Date;
}): BankAccount => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
const ofCustomer = (scope: CustomerScope) => and(eq(bankAccount.siteId, scope.siteId), eq(bankAccount.customerId, scope.customerId));

/** The acting customer's bank accounts: every statement is scoped by site and customer (rule 1). */
export const bankAccountRepository = {
  async list(executor: Executor, scope: CustomerScope): Promise<BankAccount[]> {
    const rows = await executor
      .select(columns)
      .from(bankAccount)
      .where(ofCustomer(scope))
      .orderBy(asc(bankAccount.createdAt), asc(bankAccount.id));
    return rows.map(toBankAccount);
  },
  /** Null when the customer already has this IBAN (the unique index decides, so two requests at once add one). */
  async add(
    tx: Transaction,
    scope: CustomerScope,
    account: { iban: string; bic: string | null; ownerName: string },
  ): Promise<BankAccount | null> {
    const [row] = await tx
      .insert(bankAccount)
      .values({ ...scope, ...account })
      .onConflictDoNothing({ target: [bankAccount.customerId, bankAccount.iban] })
      .returning(columns);
    return row ? toBankAccount(row) : null;
  },
  async remove(tx: Transaction, scope: CustomerScope, bankAccountId: string): Promise<boolean> {
    const rows = await tx
      .delete(bankAccount)
      .where(and(ofCustomer(scope), eq(bankAccount.id, bankAccountId)))
      .returning({ id: bankAccount.id });
    return rows.length > 0;
  },
};
