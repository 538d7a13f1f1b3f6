import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Profile } from '@portal/schema/identity';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { MarketingChannel } from '@portal/schema/enums';
import { customerAccess, person } from '../../db/schema/identity.ts';
import { emailChange } from '../../db/schema/settings.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

type PersonRow = typeof person.$inferSelect;

export type ProfileChanges = {
  phone: string | null;
  preferredLocale: LocaleId | null;
  contactPreference: Profile['contactPreference'];
  marketingChannels: MarketingChannel[];
};

const toProfile = (row: PersonRow, pendingEmail: string | null): Profile => ({
  name: row.name,
  ssn: row.ssn,
  email: row.email,
  phone: row.phone,
  preferredLocale: row.preferredLocale,
  contactPreference: row.contactPreference,
  marketingChannels: row.marketingChannels,
  pendingEmail,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

/** The signed-in person's own details and their e-mail changes; every method runs in the caller's executor. */
export const profileRepository = {
  /** The person a private customer is (access relation `self`); a company has none. */
  async holderOf(executor: Executor, customerId: string): Promise<string | null> {
    const [row] = await executor
      .select({ personId: customerAccess.personId })
      .from(customerAccess)
      .where(and(eq(customerAccess.customerId, customerId), eq(customerAccess.relation, 'self')))
      .limit(1);
    return row?.personId ?? null;
  },
  async find(executor: Executor, personId: string, now: Date): Promise<Profile | null> {
    const [row] = await executor.select().from(person).where(eq(person.id, personId));
    if (!row) return null;
    const [pending] = await executor
      .select({ newEmail: emailChange.newEmail })
      .from(emailChange)
      .where(and(eq(emailChange.personId, personId), isNull(emailChange.usedAt), gt(emailChange.expiresAt, now)))
      .orderBy(desc(emailChange.createdAt))
      .limit(1);
    return toProfile(row, pending?.newEmail ?? null);
  },
  async current(tx: Transaction, personId: string): Promise<PersonRow | null> {
    const [row] = await tx.select().from(person).where(eq(person.id, personId)).for('update');
    return row ?? null;
  },
  async emailTakenByAnother(executor: Executor, personId: string, email: string): Promise<boolean> {
    const rows = await executor
      .select({ id: person.id })
      .from(person)
      .where(and(eq(person.email, email), ne(person.id, personId)));
    return rows.length > 0;
  },
  async update(tx: Transaction, personId: string, changes: ProfileChanges, now: Date): Promise<void> {
    await tx
      .update(person)
      .set({ ...changes, updatedAt: now })
      .where(eq(person.id, personId));
  },
  /** A newer request replaces any earlier one: only the latest link can change the address. */
  async replaceEmailChange(
    tx: Transaction,
    change: { personId: string; siteId: string; newEmail: string; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await tx.delete(emailChange).where(and(eq(emailChange.personId, change.personId), isNull(emailChange.usedAt)));
    await tx.insert(emailChange).values(change);
  },
  async emailChangeByToken(tx: Transaction, personId: string, siteId: string, tokenHash: string) {
    const [row] = await tx
      .select()
      .from(emailChange)
      .where(and(eq(emailChange.tokenHash, tokenHash), eq(emailChange.personId, personId), eq(emailChange.siteId, siteId)))
      .for('update');
    return row ?? null;
  },
  async applyEmailChange(tx: Transaction, change: { id: string; personId: string; newEmail: string }, now: Date): Promise<void> {
    await tx.update(emailChange).set({ usedAt: now }).where(eq(emailChange.id, change.id));
    await tx.update(person).set({ email: change.newEmail, emailVerified: now, updatedAt: now }).where(eq(person.id, change.personId));
  },
};
