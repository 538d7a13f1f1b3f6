import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { announcement } from '../../db/schema/announcements.ts';
import { meteringPoint } from '../../db/schema/energy.ts';
import { auditLog } from '../../db/schema/identity.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

export type AnnouncementRow = typeof announcement.$inferSelect;
export type AnnouncementValues = Omit<typeof announcement.$inferInsert, 'id' | 'siteId' | 'createdAt' | 'updatedAt'>;
export type AnnouncementAuditLine = typeof auditLog.$inferInsert;

/** Critical first, then warnings, then news; the newest first within a severity. */
const severityRank = sql`case ${announcement.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;

/** The SQL of announcements: every statement names the site; a customer's reading names the customer too. */
export const announcementRepository = {
  async list(executor: Executor, siteId: string): Promise<AnnouncementRow[]> {
    return executor
      .select()
      .from(announcement)
      .where(eq(announcement.siteId, siteId))
      .orderBy(desc(announcement.validFrom), desc(announcement.createdAt));
  },

  /** One announcement of the site, locked for a change so two administrators' edits are audited in order. */
  async lock(tx: Transaction, siteId: string, id: string): Promise<AnnouncementRow | undefined> {
    const [row] = await tx
      .select()
      .from(announcement)
      .where(and(eq(announcement.siteId, siteId), eq(announcement.id, id)))
      .for('update');
    return row;
  },

  async insert(tx: Transaction, siteId: string, values: AnnouncementValues): Promise<AnnouncementRow> {
    const [row] = await tx
      .insert(announcement)
      .values({ ...values, siteId })
      .returning();
    return row!;
  },

  async update(tx: Transaction, siteId: string, id: string, values: AnnouncementValues, at: Date): Promise<AnnouncementRow> {
    const [row] = await tx
      .update(announcement)
      .set({ ...values, updatedAt: at })
      .where(and(eq(announcement.siteId, siteId), eq(announcement.id, id)))
      .returning();
    return row!;
  },

  async delete(tx: Transaction, siteId: string, id: string): Promise<void> {
    await tx.delete(announcement).where(and(eq(announcement.siteId, siteId), eq(announcement.id, id)));
  },

  async audit(tx: Transaction, line: AnnouncementAuditLine): Promise<void> {
    await tx.insert(auditLog).values(line);
  },

  /**
   * What the acting customer's banner shows at `at`: valid from `validFrom` (inclusive) until `validUntil`
   * (exclusive), for everyone, for the customer's type, or for a utility the customer has a metering point of.
   */
  async currentFor(executor: Executor, scope: CustomerScope, customerType: 'private' | 'legal', at: Date): Promise<AnnouncementRow[]> {
    const utilitiesOfCustomer = executor
      .select({ utility: meteringPoint.utility })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId)));
    return executor
      .select()
      .from(announcement)
      .where(
        and(
          eq(announcement.siteId, scope.siteId),
          lte(announcement.validFrom, at),
          gt(announcement.validUntil, at),
          or(
            eq(announcement.audience, 'all'),
            eq(announcement.audience, customerType),
            and(eq(announcement.audience, 'utility'), inArray(announcement.utility, utilitiesOfCustomer)),
          ),
        ),
      )
      .orderBy(asc(severityRank), desc(announcement.validFrom), asc(announcement.id));
  },
};
