import type { z } from 'zod';
import { addDays, instantAt } from '@portal/schema/calendar-dates';
import { USAGE_PATTERN_SPOT_HOURS, type UsagePattern, type usagePatternQuery } from '@portal/schema/energy';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { energyRepository } from '../readings/energy-repository.ts';
import { usagePatternRepository as pattern } from './usage-pattern-repository.ts';

/** Watt-hours as kWh with three decimals (the schema's unit). */
const kwh = (wh: number) => Math.round(wh) / 1000;
/** A part of a whole as a percentage with one decimal. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/**
 * GET /api/charts/usage-pattern (docs/decisions/111): when the acting customer's metering point uses energy, by weekday
 * and hour of the site's clock, and, for a spot-priced contract, how much of it fell in each day's cheapest and dearest
 * hours. Throws METERING_POINT_NOT_FOUND (404) for a point that is not the customer's.
 */
export async function usagePatternOf(
  db: Database,
  scope: CustomerScope,
  timezone: string,
  query: z.infer<typeof usagePatternQuery>,
): Promise<UsagePattern> {
  const point = await energyRepository.meteringPoint(db, scope, query.meteringPointId);
  if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  const from = instantAt(query.from, 0, timezone);
  const to = instantAt(addDays(query.to, 1), 0, timezone);
  const cells = await pattern.hourCells(db, point.id, timezone, from, to);
  const totalWh = cells.reduce((sum, cell) => sum + cell.wh, 0);
  const spotPriced = point.utility === 'electricity' && (await pattern.hasSpotContract(db, scope, point.id, query.from, query.to));
  const shares = spotPriced
    ? await pattern.spotShares(db, point.id, point.biddingZone, timezone, from, to, USAGE_PATTERN_SPOT_HOURS)
    : null;
  return {
    meteringPointId: point.id,
    from: query.from,
    to: query.to,
    cells: cells.map((cell) => ({ weekday: cell.weekday, hour: cell.hour, averageKwh: kwh(cell.wh / cell.hours) })),
    totalKwh: kwh(totalWh),
    spot:
      shares && shares.days > 0
        ? {
            hoursPerDay: USAGE_PATTERN_SPOT_HOURS,
            days: shares.days,
            cheapestPercent: percent(shares.cheapestWh, shares.totalWh),
            dearestPercent: percent(shares.dearestWh, shares.totalWh),
          }
        : null,
  };
}
