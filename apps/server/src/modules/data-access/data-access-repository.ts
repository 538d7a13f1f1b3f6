import { sql } from 'drizzle-orm';
import { DATA_ACCESS_PAGE_SIZE, type DataAccessEntry } from '@portal/schema/data-access';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor } from '../../platform/database.ts';

type Row = {
  first_at: Date | string;
  last_at: Date | string;
  role: DataAccessEntry['role'];
  area: DataAccessEntry['area'];
  kind: DataAccessEntry['kind'];
  calls: number | string;
};

/**
 * "Who looked at my data" (docs/decisions/076): the customer's own lines of the audit log written under a staff role
 * with a data area, that succeeded, grouped into visits: one staff member's calls into one area, read or changed,
 * within the same quarter of an hour. A dashboard opened by customer service is one line, not six.
 */
export async function dataAccessOf(
  db: Executor,
  scope: CustomerScope,
  page: number,
): Promise<{ entries: DataAccessEntry[]; hasMore: boolean }> {
  const rows = await queryRows<Row>(
    db,
    sql`
      select min(created_at) as first_at, max(created_at) as last_at, actor_role as role, data_area as area,
        case when split_part(action, ' ', 1) in ('GET', 'HEAD') or data_area in ('customer-card', 'acting') then 'read' else 'change' end as kind,
        count(*) as calls
      from audit_log
      where site_id = ${scope.siteId} and customer_id = ${scope.customerId}
        and data_area is not null and actor_role is not null
        and (outcome = 'ok' or outcome ~ '^[23][0-9][0-9]$')
      group by person_id, actor_role, data_area, 5, date_bin('15 minutes', created_at, timestamptz '2000-01-01T00:00:00Z')
      order by max(created_at) desc, data_area
      limit ${DATA_ACCESS_PAGE_SIZE + 1} offset ${(page - 1) * DATA_ACCESS_PAGE_SIZE}`,
  );
  return {
    entries: rows.slice(0, DATA_ACCESS_PAGE_SIZE).map((row) => ({
      firstAt: new Date(row.first_at).toISOString(),
      lastAt: new Date(row.last_at).toISOString(),
      role: row.role,
      area: row.area,
      kind: row.kind,
      calls: Number(row.calls),
    })),
    hasMore: rows.length > DATA_ACCESS_PAGE_SIZE,
  };
}
