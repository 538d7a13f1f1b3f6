import { and, eq } from 'drizzle-orm';
import type { SigningState } from '@portal/schema/contract-signing';
import { contractSigning, type SigningProviderId } from '../../db/schema/signing.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

export type SigningRow = typeof contractSigning.$inferSelect;

const scoped = (scope: CustomerScope) => and(eq(contractSigning.siteId, scope.siteId), eq(contractSigning.customerId, scope.customerId));

/** The portal's book of signings (docs/decisions/033-signing-port.md): every read by a customer is scoped to them. */
export const signingRepository = {
  async insert(executor: Executor, row: typeof contractSigning.$inferInsert) {
    await executor.insert(contractSigning).values(row);
  },

  /** The acting customer's signing by its token; someone else's token finds nothing. */
  async find(executor: Executor, scope: CustomerScope, token: string): Promise<SigningRow | undefined> {
    const [row] = await executor
      .select()
      .from(contractSigning)
      .where(and(scoped(scope), eq(contractSigning.token, token)));
    return row;
  },

  /** The signing a service's postback names, on this site. */
  async byProviderToken(
    executor: Executor,
    siteId: string,
    provider: SigningProviderId,
    providerToken: string,
  ): Promise<SigningRow | undefined> {
    const [row] = await executor
      .select()
      .from(contractSigning)
      .where(
        and(eq(contractSigning.siteId, siteId), eq(contractSigning.provider, provider), eq(contractSigning.providerToken, providerToken)),
      );
    return row;
  },

  /** Locks a signing for its settling: two callbacks, or a callback and a finalize, settle it once. */
  async lock(tx: Transaction, token: string): Promise<SigningRow | undefined> {
    const [row] = await tx.select().from(contractSigning).where(eq(contractSigning.token, token)).for('update');
    return row;
  },

  async settle(
    tx: Transaction,
    token: string,
    settled: { state: SigningState; signedFile?: Buffer; signedContentType?: string; at: Date },
  ): Promise<void> {
    await tx
      .update(contractSigning)
      .set({
        state: settled.state,
        signedFile: settled.signedFile ?? null,
        signedContentType: settled.signedContentType ?? null,
        settledAt: settled.at,
      })
      .where(eq(contractSigning.token, token));
  },

  /** Pending signings of a contract, which a new signing of it replaces. */
  async expirePending(tx: Transaction, contractId: string, at: Date): Promise<void> {
    await tx
      .update(contractSigning)
      .set({ state: 'expired', settledAt: at })
      .where(and(eq(contractSigning.contractId, contractId), eq(contractSigning.state, 'pending')));
  },
};
