import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '@portal/schema/products';
import type { Utility } from '@portal/schema/enums';
import { meteringPoint } from '../../db/schema/energy.ts';
import { product, productPriceComponent } from '../../db/schema/products.ts';
import { queryRows, type Executor } from '../../platform/database.ts';

export type CatalogueRow = typeof product.$inferSelect;

/**
 * One hour of a metering point's consumption: its local date and hour, Wh, and the hour's mean day-ahead price of
 * its zone (€/MWh as a decimal string, null when unpublished).
 */
export type PricedHour = { date: string; hour: number; wh: number; spotEurPerMwh: string | null };

/** The products with their price components, in the order given. */
async function withComponents(
  executor: Executor,
  rows: CatalogueRow[],
): Promise<(CatalogueRow & { priceComponents: Product['priceComponents'] })[]> {
  if (rows.length === 0) return [];
  const components = await executor
    .select({
      productId: productPriceComponent.productId,
      kind: productPriceComponent.kind,
      unit: productPriceComponent.unit,
      priceCents: productPriceComponent.priceCents,
      thresholdKw: productPriceComponent.thresholdKw,
    })
    .from(productPriceComponent)
    .where(
      inArray(
        productPriceComponent.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productPriceComponent.id));
  return rows.map((row) => ({
    ...row,
    priceComponents: components
      .filter((component) => component.productId === row.id)
      .map(({ kind, unit, priceCents, thresholdKw }) => ({ kind, unit, priceCents, thresholdKw })),
  }));
}

/** A catalogue product as a customer reads it: not whom it is personal to, its target group or its campaign code. */
export const shownProduct = ({
  siteId: _site,
  personalCustomerId: _personal,
  targetGroup: _target,
  campaignCode: _code,
  ...shown
}: CatalogueProduct): Product => shown;

/** A site's products and what its customers' consumption would cost under them; every statement is scoped by site. */
export const productRepository = {
  /** The site's catalogue, narrowed by utility and product group; visibility is the caller's (product-visibility.ts). */
  async catalogue(executor: Executor, siteId: string, filter: { utility?: Utility; productGroup?: string }) {
    const rows = await executor
      .select()
      .from(product)
      .where(
        and(
          eq(product.siteId, siteId),
          filter.utility ? eq(product.utility, filter.utility) : undefined,
          filter.productGroup ? eq(product.productGroup, filter.productGroup) : undefined,
        ),
      )
      .orderBy(asc(product.name));
    return withComponents(executor, rows);
  },

  async byIds(executor: Executor, siteId: string, ids: string[]) {
    const rows = await executor
      .select()
      .from(product)
      .where(and(eq(product.siteId, siteId), inArray(product.id, ids)))
      .orderBy(asc(product.name));
    return withComponents(executor, rows);
  },

  /** The utility of one of the customer's metering points, or null when it is not theirs. */
  async meteringPointUtility(
    executor: Executor,
    scope: { siteId: string; customerId: string },
    meteringPointId: string,
  ): Promise<Utility | null> {
    const [row] = await executor
      .select({ utility: meteringPoint.utility })
      .from(meteringPoint)
      .where(
        and(eq(meteringPoint.id, meteringPointId), eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId)),
      );
    return row?.utility ?? null;
  },

  /**
   * Hourly consumption of one of the customer's metering points over [from, to) with the hour's mean day-ahead
   * price, for yearly estimates: rule 1 scoping by site and customer on the metering point.
   */
  async pricedHours(
    executor: Executor,
    scope: { siteId: string; customerId: string },
    meteringPointId: string,
    timezone: string,
    from: Date,
    to: Date,
  ): Promise<PricedHour[]> {
    const rows = await queryRows<{ date: string; hour: number; wh: string | number; spot: string | null }>(
      executor,
      sql`
        select to_char(r.starts_at at time zone ${timezone}::text, 'YYYY-MM-DD') as date,
               extract(hour from r.starts_at at time zone ${timezone}::text)::int as hour,
               r.wh,
               round(sh.eur_per_mwh, 4)::text as spot
        from metering_point mp
        join reading_hour r on r.metering_point_id = mp.id
        left join spot_price_hour sh on sh.bidding_zone = mp.bidding_zone and sh.starts_at = r.starts_at
        where mp.id = ${meteringPointId} and mp.site_id = ${scope.siteId} and mp.customer_id = ${scope.customerId}
          and r.direction = 'consumption'
          and r.starts_at >= ${from.toISOString()}::timestamptz and r.starts_at < ${to.toISOString()}::timestamptz`,
    );
    return rows.map((row) => ({ date: row.date, hour: Number(row.hour), wh: Number(row.wh), spotEurPerMwh: row.spot }));
  },
};

/** A product as the catalogue reads it, with its price components. */
export type CatalogueProduct = Awaited<ReturnType<typeof productRepository.byIds>>[number];
