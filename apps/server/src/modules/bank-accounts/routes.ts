import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addBankAccountRequest, bankAccount, bankAccountList, bankAccountParams } from '@portal/schema/settings';
import { z } from 'zod';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { bankAccountRepository } from './bank-account-repository.ts';
import { addBankAccount, deleteBankAccount } from './manage-bank-accounts.ts';

/** Spec §7: GET and POST /api/me/bank-accounts, DELETE /api/me/bank-accounts/{bankAccountId}; money, so a fresh e-ID. */
export const bankAccountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/bank-accounts',
    { schema: { tags: ['me'], summary: "The acting customer's bank accounts", response: { 200: bankAccountList, ...guardedErrors } } },
    async (request) => bankAccountRepository.list(db, customerScopeOf(request)),
  );

  app.post(
    '/api/me/bank-accounts',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['me'],
        summary: 'Adds a bank account (IBAN checked, BIC looked up) for refunds and direct debit',
        body: addBankAccountRequest,
        response: { 201: bankAccount, ...refusedError, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const added = await addBankAccount(db, customerScopeOf(request), request.body);
      return reply.code(201).send(added);
    },
  );

  app.delete(
    '/api/me/bank-accounts/:bankAccountId',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['me'],
        summary: 'Removes one of the acting customer’s bank accounts',
        params: bankAccountParams,
        response: { 204: z.null().describe('Removed'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await deleteBankAccount(db, customerScopeOf(request), request.params.bankAccountId);
      return reply.code(204).send(null);
    },
  );
};
