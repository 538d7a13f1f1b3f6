import type { addBankAccountRequest, BankAccount } from '@portal/schema/settings';
import type { z } from 'zod';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { bankAccountRepository as accounts } from './bank-account-repository.ts';
import { bicOf } from './bank-identifiers.ts';
import type { CustomerScope } from '../../platform/actor.ts';

type CheckedRequest = z.output<typeof addBankAccountRequest>;

/** Adds an account for refunds and direct debit, with the BIC of its bank; the same IBAN twice is refused. */
export async function addBankAccount(db: Database, scope: CustomerScope, request: CheckedRequest): Promise<BankAccount> {
  const added = await db.transaction((tx) =>
    accounts.add(tx, scope, { iban: request.iban, bic: bicOf(request.iban), ownerName: request.ownerName }),
  );
  if (!added) throw new AppError('BANK_ACCOUNT_EXISTS', 'iban: this account has already been added');
  return added;
}

export async function deleteBankAccount(db: Database, scope: CustomerScope, bankAccountId: string): Promise<void> {
  const removed = await db.transaction((tx) => accounts.remove(tx, scope, bankAccountId));
  if (!removed) throw new AppError('BANK_ACCOUNT_NOT_FOUND', 'No bank account of yours by that id');
}
