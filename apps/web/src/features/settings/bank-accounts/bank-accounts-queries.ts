import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import type { AddBankAccountRequest, BankAccount } from '@portal/schema/settings';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/bank-accounts (spec §7): the acting customer's accounts. */
export function getBankAccounts(): Promise<BankAccount[]> {
  return api<BankAccount[]>('/api/me/bank-accounts');
}

export const bankAccountsQueryOptions = queryOptions({ queryKey: queryKeys.me.bankAccounts(), queryFn: getBankAccounts });

export const useBankAccounts = ({ enabled }: { enabled: boolean }) => useQuery({ ...bankAccountsQueryOptions, enabled });

/** POST /api/me/bank-accounts: the server checks the IBAN again and looks up the BIC. */
export function addBankAccount(body: AddBankAccountRequest): Promise<BankAccount> {
  return api<BankAccount>('/api/me/bank-accounts', { method: 'POST', body });
}

/** DELETE /api/me/bank-accounts/{bankAccountId}. */
export function deleteBankAccount(bankAccountId: string): Promise<void> {
  return api<void>(`/api/me/bank-accounts/${encodeURIComponent(bankAccountId)}`, { method: 'DELETE' });
}

export function useAddBankAccount() {
  return useRefreshingMutation(queryKeys.me.bankAccounts(), addBankAccount);
}

export function useDeleteBankAccount() {
  return useRefreshingMutation(queryKeys.me.bankAccounts(), deleteBankAccount);
}
