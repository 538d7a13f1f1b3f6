import type { UsagePoint } from '@portal/schema/energy';
import type { SiteBootstrap } from '@portal/schema/site';

/** The day-ahead electricity price means something only to a customer who buys electricity, on a site that shows it. */
export function showsSpotPrice(site: SiteBootstrap, points: readonly Pick<UsagePoint, 'utility'>[]): boolean {
  return site.features.includes('CHART_SPOT_PRICE') && points.some((point) => point.utility === 'electricity');
}
