import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/schema/identity';
import { auditLog, authSession, customer, customerAccess, person, staffMember } from '../db/schema/identity.ts';
import type { Database } from './database.ts';

export type SessionPerson = {
  id: string;
  name: string | null;
  ssn: string | null;
  email: string | null;
  verifiedAt: Date | null;
  sessionExpires: Date;
};

export type CustomerAccessRow = {
  code: string;
  relation: 'self' | 'representative';
  customer: { id: string; clientCode: string; name: string; type: 'private' | 'legal' };
};

export type AuditEntry = {
  siteId: string;
  personId: string | null;
  customerId: string | null;
  action: string;
  outcome: string;
  requestId: string;
  ipAddress: string | null;
  details?: string;
};

const customerColumns = { id: customer.id, clientCode: customer.clientCode, name: customer.name, type: customer.type };

/** The SQL behind "who is acting": sessions, access rights and staff roles, always within one site. */
export function createActorRepository(db: Database) {
  return {
    async personBySession(sessionToken: string, siteId: string, now: Date): Promise<SessionPerson | null> {
      const [row] = await db
        .select({
          id: person.id,
          name: person.name,
          ssn: person.ssn,
          email: person.email,
          verifiedAt: person.verifiedAt,
          sessionExpires: authSession.expires,
        })
        .from(authSession)
        .innerJoin(person, eq(person.id, authSession.userId))
        .where(and(eq(authSession.sessionToken, sessionToken), eq(authSession.siteId, siteId), gt(authSession.expires, now)));
      return row ?? null;
    },

    async accessesOf(personId: string, siteId: string, now: Date): Promise<CustomerAccessRow[]> {
      const rows = await db
        .select({ code: customerAccess.code, relation: customerAccess.relation, customer: customerColumns })
        .from(customerAccess)
        .innerJoin(customer, eq(customer.id, customerAccess.customerId))
        .where(
          and(
            eq(customerAccess.personId, personId),
            eq(customer.siteId, siteId),
            or(isNull(customerAccess.validUntil), gt(customerAccess.validUntil, now)),
          ),
        )
        // The person's own customership first, then what they represent, by name.
        .orderBy(sql`${customerAccess.relation} <> 'self'`, customer.name);
      return rows as CustomerAccessRow[];
    },

    async staffRolesOf(personId: string, siteId: string): Promise<StaffRole[]> {
      const rows = await db
        .select({ role: staffMember.role })
        .from(staffMember)
        .where(and(eq(staffMember.personId, personId), eq(staffMember.siteId, siteId)));
      return rows.map(({ role }) => role as StaffRole);
    },

    async customerByClientCode(clientCode: string, siteId: string): Promise<CustomerAccessRow['customer'] | null> {
      const [row] = await db
        .select(customerColumns)
        .from(customer)
        .where(and(eq(customer.clientCode, clientCode), eq(customer.siteId, siteId)));
      return (row as CustomerAccessRow['customer'] | undefined) ?? null;
    },

    async audit(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, details: entry.details ?? null });
    },
  };
}
export type ActorRepository = ReturnType<typeof createActorRepository>;
