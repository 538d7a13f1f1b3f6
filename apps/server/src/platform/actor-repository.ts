import { and, eq, sql } from 'drizzle-orm';
import type { DataArea } from '@portal/schema/data-access';
import type { StaffRole } from '@portal/schema/identity';
import { auditLog, authSession, customer, customerAccess, person, staffMember } from '../db/schema/identity.ts';
import { queryRows, type Executor } from './database.ts';

export type SessionPerson = {
  id: string;
  name: string | null;
  ssn: string | null;
  email: string | null;
  preferredLocale: string | null;
  verifiedAt: Date | null;
  /** The session's id (`auth_session.id`): what names a session outside the server; the token never leaves it. */
  sessionId: string;
  sessionExpires: Date;
};

export type CustomerAccessRow = {
  code: string;
  relation: 'self' | 'representative';
  customer: { id: string; clientCode: string; name: string; type: 'private' | 'legal' };
};

/** Who a session is, before a request's cookies choose whom they act for. */
export type SessionActor = {
  person: SessionPerson;
  accesses: CustomerAccessRow[];
  staffRoles: StaffRole[];
  /** The answer holds until then unless someone changes it (sign-out, rights, roles, the person). */
  validUntil: Date;
  /** The session's "last used" as read (written every few minutes, platform/session-activity.ts; not kept current). */
  lastUsedAt: Date;
};

type SessionActorRow = {
  id: string;
  name: string | null;
  ssn: string | null;
  email: string | null;
  preferred_locale: string | null;
  verified_at: Date | string | null;
  session_id: string;
  session_expires: Date | string;
  last_used_at: Date | string;
  accesses: unknown;
  staff_roles: StaffRole[] | string;
};

/** A text[] comes parsed from node-postgres and PGlite alike; the literal form `{a,b}` is read as a fallback. */
function parseRoles(value: StaffRole[] | string): StaffRole[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? (inner.split(',') as StaffRole[]) : [];
}

export type AuditEntry = {
  siteId: string;
  personId: string | null;
  customerId: string | null;
  action: string;
  outcome: string;
  requestId: string;
  ipAddress: string | null;
  details?: string;
  /** The staff role the call was made under; set on staff and admin lines only. */
  actorRole?: StaffRole;
  /** The part of the customer's data the call touched, shown to the customer (docs/decisions/076). */
  dataArea?: DataArea | null;
};

const customerColumns = { id: customer.id, clientCode: customer.clientCode, name: customer.name, type: customer.type };

/** The SQL behind "who is acting": sessions, access rights and staff roles, always within one site. */
export const actorRepository = {
  /**
   * Everything the actor is made of, in one statement (docs/decisions/080): the session's person, the
   * customers they may act for on this site and their staff roles. `validUntil` is the first moment the
   * answer changes by itself (the session ends or an access right lapses), so a cache keeps it no longer.
   */
  async sessionActor(executor: Executor, sessionToken: string, siteId: string, now: Date): Promise<SessionActor | null> {
    const [row] = await queryRows<SessionActorRow>(
      executor,
      sql`
        select p.id, p.name, p.ssn, p.email, p.preferred_locale, p.verified_at, s.id as session_id, s.expires as session_expires,
          s.last_used_at,
          coalesce((
            select json_agg(json_build_object(
              'code', a.code, 'relation', a.relation, 'validUntil', a.valid_until,
              'customer', json_build_object('id', c.id, 'clientCode', c.client_code, 'name', c.name, 'type', c.type)
            ) order by a.relation <> 'self', c.name)
            from ${customerAccess} a join ${customer} c on c.id = a.customer_id
            where a.person_id = p.id and c.site_id = s.site_id and (a.valid_until is null or a.valid_until > ${now.toISOString()})
          ), '[]') as accesses,
          coalesce((select array_agg(m.role order by m.role) from ${staffMember} m where m.person_id = p.id and m.site_id = s.site_id), '{}') as staff_roles
        from ${authSession} s join ${person} p on p.id = s.user_id
        where s.session_token = ${sessionToken} and s.site_id = ${siteId} and s.expires > ${now.toISOString()}`,
    );
    if (!row) return null;
    const accesses = (typeof row.accesses === 'string' ? JSON.parse(row.accesses) : row.accesses) as (CustomerAccessRow & {
      validUntil: string | null;
    })[];
    const sessionExpires = new Date(row.session_expires);
    const lapses = accesses.flatMap(({ validUntil }) => (validUntil ? [Date.parse(validUntil)] : []));
    return {
      person: {
        id: row.id,
        name: row.name,
        ssn: row.ssn,
        email: row.email,
        preferredLocale: row.preferred_locale,
        verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
        sessionId: row.session_id,
        sessionExpires,
      },
      accesses: accesses.map(({ code, relation, customer: found }) => ({ code, relation, customer: found })),
      staffRoles: parseRoles(row.staff_roles),
      validUntil: new Date(Math.min(sessionExpires.getTime(), ...lapses)),
      lastUsedAt: new Date(row.last_used_at),
    };
  },

  async customerByClientCode(executor: Executor, clientCode: string, siteId: string): Promise<CustomerAccessRow['customer'] | null> {
    const [row] = await executor
      .select(customerColumns)
      .from(customer)
      .where(and(eq(customer.clientCode, clientCode), eq(customer.siteId, siteId)));
    return row ?? null;
  },

  async audit(executor: Executor, entry: AuditEntry): Promise<void> {
    await executor
      .insert(auditLog)
      .values({ ...entry, details: entry.details ?? null, actorRole: entry.actorRole ?? null, dataArea: entry.dataArea ?? null });
  },
};
