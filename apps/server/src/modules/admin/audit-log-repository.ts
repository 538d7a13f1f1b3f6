import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@portal/schema/admin';
import { addDays, instantAt } from '@portal/schema/calendar-dates';
import { auditLog, customer, person } from '../../db/schema/identity.ts';
import type { Executor } from '../../platform/database.ts';
import { describeAuditLine, type AuditDescription } from './audit-events.ts';

/** `%` and `_` typed by an administrator are letters, not wildcards. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AuditFilter = Omit<AuditQuery, 'page'>;

function where(siteId: string, timezone: string, filter: AuditFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(auditLog.siteId, siteId)];
  if (filter.person) conditions.push(or(ilike(person.name, contains(filter.person)), eq(auditLog.personId, filter.person)));
  if (filter.customer) {
    conditions.push(or(ilike(customer.clientCode, contains(filter.customer)), ilike(customer.name, contains(filter.customer))));
  }
  if (filter.action) conditions.push(ilike(auditLog.action, contains(filter.action)));
  // Days of the site's calendar (rule 4), the last one included.
  if (filter.from) conditions.push(gte(auditLog.createdAt, instantAt(filter.from, 0, timezone)));
  if (filter.to) conditions.push(lt(auditLog.createdAt, instantAt(addDays(filter.to, 1), 0, timezone)));
  return and(...conditions)!;
}

const columns = {
  id: auditLog.id,
  at: auditLog.createdAt,
  personName: person.name,
  customerCode: customer.clientCode,
  customerName: customer.name,
  action: auditLog.action,
  outcome: auditLog.outcome,
  details: auditLog.details,
  before: auditLog.before,
  after: auditLog.after,
  dataArea: auditLog.dataArea,
};
type Row = { at: Date; dataArea: string | null } & Omit<AuditEntry, 'at' | keyof AuditDescription>;
const toEntry = ({ dataArea, ...row }: Row): AuditEntry => ({
  ...row,
  ...describeAuditLine({ action: row.action, outcome: row.outcome, dataArea }),
  at: row.at.toISOString(),
});
// Customers are joined on the site too: an id of another site's customer never shows its name here.
const from = (executor: Executor) =>
  executor
    .select(columns)
    .from(auditLog)
    .leftJoin(person, eq(person.id, auditLog.personId))
    .leftJoin(customer, and(eq(customer.id, auditLog.customerId), eq(customer.siteId, auditLog.siteId)));

/** The audit log of one site, as its administrator reads it: newest first, filtered, with names beside ids. */
export const auditLogRepository = {
  async page(executor: Executor, siteId: string, timezone: string, filter: AuditFilter, page: number, pageSize: number) {
    const condition = where(siteId, timezone, filter);
    const [rows, [total]] = await Promise.all([
      from(executor)
        .where(condition)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      executor
        .select({ total: count() })
        .from(auditLog)
        .leftJoin(person, eq(person.id, auditLog.personId))
        .leftJoin(customer, and(eq(customer.id, auditLog.customerId), eq(customer.siteId, auditLog.siteId)))
        .where(condition),
    ]);
    return { entries: rows.map(toEntry), total: total?.total ?? 0 };
  },

  /** Every matching line, newest first, in batches: an export never holds the whole log in memory. */
  async *all(
    executor: Executor,
    siteId: string,
    timezone: string,
    filter: AuditFilter,
    batch = 1000,
    limit = 100_000,
  ): AsyncGenerator<AuditEntry> {
    let before: number | null = null;
    let sent = 0;
    while (sent < limit) {
      const condition = where(siteId, timezone, filter);
      const rows = await from(executor)
        .where(before === null ? condition : and(condition, lt(auditLog.id, before)))
        .orderBy(desc(auditLog.id))
        .limit(Math.min(batch, limit - sent));
      for (const row of rows) yield toEntry(row);
      sent += rows.length;
      if (rows.length < batch) return;
      before = rows.at(-1)!.id;
    }
  },
};
