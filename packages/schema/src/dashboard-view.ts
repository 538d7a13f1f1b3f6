/**
 * Zod-free rules of the dashboard's first view, shared by the page and the server's call for it (decision 136): the
 * web's first load carries no zod.
 */
import type { UsagePoint } from './energy.ts';
import type { SiteFeature } from './features.ts';

/** What the dashboard page shows first (apps/web's dashboard): this month by day, this year's expenses, three years. */
export const DASHBOARD_FIRST_VIEW = { consumptionPeriod: 'month', expensesPeriod: 'year', years: 3 } as const;

/** The day-ahead electricity price means something only to a customer who buys electricity, on a site that shows it. */
export function showsSpotPrice(site: { features: readonly SiteFeature[] }, points: readonly Pick<UsagePoint, 'utility'>[]): boolean {
  return site.features.includes('CHART_SPOT_PRICE') && points.some((point) => point.utility === 'electricity');
}
