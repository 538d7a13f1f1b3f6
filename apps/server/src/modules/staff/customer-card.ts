import { sql } from 'drizzle-orm';
import type { CustomerSummary, RecentCustomer } from '@portal/schema/customer-search';
import { queryRows, type Executor } from '../../platform/database.ts';

type SummaryRow = {
  id: string;
  client_code: string;
  name: string;
  type: CustomerSummary['type'];
  business_code: string | null;
  people: unknown;
  emails: unknown;
  phones: unknown;
  addresses: unknown;
  usage_points: unknown;
  open_invoices: number | string;
  active_contracts: number | string;
};

/** json_agg answers parsed from node-postgres and text from some drivers: one reading for both. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The customer card of one customer of one site, in one statement; null when the site has no such client code. */
export async function customerCard(db: Executor, siteId: string, clientCode: string): Promise<(CustomerSummary & { id: string }) | null> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
      select c.id, c.client_code, c.name, c.type, c.business_code,
        coalesce((select json_agg(json_build_object('name', p.name, 'relation', a.relation) order by a.relation <> 'self', p.name)
          from customer_access a join person p on p.id = a.person_id where a.customer_id = c.id), '[]') as people,
        coalesce((select json_agg(distinct v) from (
          select k.value as v from customer_contact k where k.customer_id = c.id and k.method = 'Email'
          union select p.email from customer_access a join person p on p.id = a.person_id
            where a.customer_id = c.id and a.relation = 'self' and p.email is not null) e), '[]') as emails,
        coalesce((select json_agg(distinct v) from (
          select k.value as v from customer_contact k where k.customer_id = c.id and k.method <> 'Email'
          union select p.phone from customer_access a join person p on p.id = a.person_id
            where a.customer_id = c.id and a.relation = 'self' and p.phone is not null) t), '[]') as phones,
        coalesce((select json_agg(distinct d.street || ', ' || d.postal_code || ' ' || d.city)
          from customer_address d where d.customer_id = c.id), '[]') as addresses,
        coalesce((select json_agg(json_build_object('gsrn', m.gsrn, 'address', o.street || ', ' || o.postal_code || ' ' || o.city) order by m.gsrn)
          from metering_point m join supply_object o on o.id = m.object_id where m.customer_id = c.id and m.site_id = c.site_id), '[]') as usage_points,
        (select count(*) from invoice i where i.customer_id = c.id and i.site_id = c.site_id and i.payment_status <> 'paid') as open_invoices,
        (select count(*) from contract k where k.customer_id = c.id and k.status in ('active', 'ending') and k.site_id = c.site_id) as active_contracts
      from customer c
      where c.site_id = ${siteId} and c.client_code = ${clientCode}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    clientCode: row.client_code,
    name: row.name,
    type: row.type,
    businessCode: row.business_code,
    people: parsed(row.people),
    emails: parsed<string[]>(row.emails).sort(),
    phones: parsed<string[]>(row.phones).sort(),
    addresses: parsed<string[]>(row.addresses).sort(),
    usagePoints: parsed(row.usage_points),
    openInvoices: Number(row.open_invoices),
    activeContracts: Number(row.active_contracts),
  };
}

/**
 * The customers this staff member last opened or acted for on this site, newest first, from their own lines of the
 * audit log (docs/decisions/075): no second record of the same fact to keep in step.
 */
export async function recentCustomersOf(db: Executor, siteId: string, personId: string, limit = 8): Promise<RecentCustomer[]> {
  const rows = await queryRows<{ client_code: string; name: string; type: RecentCustomer['type']; last_opened_at: Date | string }>(
    db,
    sql`
      select c.client_code, c.name, c.type, max(l.created_at) as last_opened_at
      from audit_log l join customer c on c.id = l.customer_id and c.site_id = l.site_id
      where l.site_id = ${siteId} and l.person_id = ${personId} and l.data_area in ('customer-card', 'acting') and l.outcome = 'ok'
      group by c.id, c.client_code, c.name, c.type
      order by max(l.created_at) desc
      limit ${limit}`,
  );
  return rows.map((row) => ({
    clientCode: row.client_code,
    name: row.name,
    type: row.type,
    lastOpenedAt: new Date(row.last_opened_at).toISOString(),
  }));
}
