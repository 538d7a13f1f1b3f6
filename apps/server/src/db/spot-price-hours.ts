import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../platform/database.ts';

/**
 * Recomputes the hourly day-ahead prices (`spot_price_hour`, decision 081) of the hours `written` touched: a select of
 * `(bidding_zone, starts_at)` rows. Every writer of `spot_price` calls it in the same transaction.
 */
export async function refreshSpotPriceHours(tx: Transaction, written: SQL): Promise<void> {
  await tx.execute(sql`
    with hours as (select distinct w.bidding_zone, date_trunc('hour', w.starts_at) as hour from (${written}) w)
    insert into spot_price_hour (bidding_zone, starts_at, eur_per_mwh)
    select sp.bidding_zone, h.hour, sum(sp.eur_per_mwh * sp.resolution_minutes) / sum(sp.resolution_minutes)
    from hours h
    join spot_price sp on sp.bidding_zone = h.bidding_zone and sp.starts_at >= h.hour and sp.starts_at < h.hour + interval '1 hour'
    group by 1, 2
    on conflict (bidding_zone, starts_at) do update set eur_per_mwh = excluded.eur_per_mwh
      where spot_price_hour.eur_per_mwh is distinct from excluded.eur_per_mwh`);
}
