import type { ChartSeries, ReadingResolution } from '@portal/schema/energy';
import type { SiteFeature } from '@portal/schema/features';
import { AppError } from '../../platform/errors.ts';
import { energyRepository } from './energy-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';

/**
 * GET /api/contracts/{id}/readings/metadata: what the charts can show for a contract's metering point:
 * the resolutions with stored data, the series the site offers for it and the span of its readings.
 */
export async function readingsMetadata(
  executor: Executor,
  scope: CustomerScope,
  site: { timezone: string; features: SiteFeature[] },
  contractId: string,
) {
  const found = await energyRepository.contract(executor, scope, contractId);
  if (!found) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  const point = await energyRepository.meteringPoint(executor, scope, found.meteringPointId);
  if (!point) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  const stored = await energyRepository.storedResolutions(executor, scope, point.id);
  const minutes = new Set(stored.map((row) => row.minutes));
  const has = (feature: SiteFeature) => site.features.includes(feature);
  const resolutions: ReadingResolution[] = ['month', 'day', 'hour'];
  if (minutes.has(15) || minutes.has(5)) resolutions.push('quarter-hour');
  if (minutes.has(5) && has('CHART_FIVE_MINUTE')) resolutions.push('five-minute');
  const series: ChartSeries[] = ['consumption'];
  if (point.hasProduction) series.push('production');
  if (point.hasProduction && has('CHART_NETTED')) series.push('netted');
  if (point.utility === 'electricity' && has('CHART_SPOT_PRICE')) series.push('price');
  if (has('CHART_TEMPERATURE')) series.push('temperature');
  const first = stored.map((row) => row.first.getTime());
  const last = stored.map((row) => row.last.getTime());
  return {
    contractId: found.id,
    meteringPointId: point.id,
    utility: point.utility,
    timezone: site.timezone,
    resolutions,
    series,
    firstReadingAt: first.length ? new Date(Math.min(...first)).toISOString() : null,
    lastReadingAt: last.length ? new Date(Math.max(...last)).toISOString() : null,
  };
}
