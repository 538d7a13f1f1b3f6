import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { gridUsagePoint } from '../../db/schema/grid.ts';
import { meteringPoint } from '../../db/schema/energy.ts';
import type { Executor } from '../../platform/database.ts';

export type GridPointRow = typeof gridUsagePoint.$inferSelect;

/** Enough for one staircase or street number, never a town's worth of strangers' places. */
export const SEARCH_LIMIT = 10;

const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * The site's grid register (docs/decisions/035-sign-flow.md): every usage point of the grid area, read by site
 * only — it holds no customer — and answered to callers only through the search's masking.
 */
export const gridRepository = {
  /** Points whose street, postal code and city hold every word typed, in any order. */
  async byAddressWords(executor: Executor, siteId: string, words: string[]): Promise<GridPointRow[]> {
    const haystack = sql`lower(${gridUsagePoint.street} || ' ' || ${gridUsagePoint.postalCode} || ' ' || ${gridUsagePoint.city})`;
    return executor
      .select()
      .from(gridUsagePoint)
      .where(and(eq(gridUsagePoint.siteId, siteId), ...words.map((word) => sql`strpos(${haystack}, ${word.toLowerCase()}) > 0`)))
      .orderBy(asc(gridUsagePoint.street), asc(gridUsagePoint.code))
      .limit(SEARCH_LIMIT);
  },

  /** Points by their GSRN/EIC (or the Estonian datahub's EIC) or their meter number, spaces and hyphens ignored. */
  async byCodes(
    executor: Executor,
    siteId: string,
    { code, meterNumber }: { code?: string; meterNumber?: string },
  ): Promise<GridPointRow[]> {
    const normalised = (column: AnyPgColumn) => sql`upper(replace(replace(${column}, ' ', ''), '-', ''))`;
    const matches = [
      code ? eq(normalised(gridUsagePoint.code), compact(code)) : undefined,
      code ? eq(normalised(gridUsagePoint.datahubEic), compact(code)) : undefined,
      meterNumber ? eq(normalised(gridUsagePoint.meterNumber), compact(meterNumber)) : undefined,
    ].filter((match) => match !== undefined);
    if (matches.length === 0) return [];
    return executor
      .select()
      .from(gridUsagePoint)
      .where(and(eq(gridUsagePoint.siteId, siteId), or(...matches)))
      .orderBy(asc(gridUsagePoint.code))
      .limit(SEARCH_LIMIT);
  },

  /** A point of the register by its id, or one of the customer's own metering points by theirs (search disabled). */
  async findForCustomer(executor: Executor, siteId: string, customerId: string, id: string): Promise<GridPointRow | undefined> {
    const [row] = await executor
      .select({ point: gridUsagePoint })
      .from(gridUsagePoint)
      .leftJoin(meteringPoint, and(eq(meteringPoint.siteId, gridUsagePoint.siteId), eq(meteringPoint.gsrn, gridUsagePoint.code)))
      .where(
        and(
          eq(gridUsagePoint.siteId, siteId),
          or(eq(gridUsagePoint.id, id), and(eq(meteringPoint.id, id), eq(meteringPoint.customerId, customerId))),
        ),
      )
      .limit(1);
    return row?.point;
  },

  async ofObject(executor: Executor, siteId: string, objectId: string): Promise<GridPointRow[]> {
    return executor
      .select()
      .from(gridUsagePoint)
      .where(and(eq(gridUsagePoint.siteId, siteId), eq(gridUsagePoint.objectId, objectId)))
      .orderBy(asc(gridUsagePoint.utility), asc(gridUsagePoint.code));
  },

  /** Distinct addresses of the grid whose street begins with the text (autocomplete), a few at a time. */
  async addressesStartingWith(executor: Executor, siteId: string, text: string) {
    return executor
      .selectDistinct({
        street: gridUsagePoint.street,
        postalCode: gridUsagePoint.postalCode,
        city: gridUsagePoint.city,
        countryCode: gridUsagePoint.countryCode,
      })
      .from(gridUsagePoint)
      .where(and(eq(gridUsagePoint.siteId, siteId), ilike(gridUsagePoint.street, `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)))
      .orderBy(asc(gridUsagePoint.street), asc(gridUsagePoint.city))
      .limit(8);
  },

  /** The codes among `codes` that are metering points of this customer. */
  async ownCodes(executor: Executor, siteId: string, customerId: string, codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await executor
      .select({ code: meteringPoint.gsrn })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, siteId), eq(meteringPoint.customerId, customerId), inArray(meteringPoint.gsrn, codes)));
    return new Set(rows.map((row) => row.code));
  },
};
