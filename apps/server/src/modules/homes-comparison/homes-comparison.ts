import { monthStart, todayIn } from '@portal/schema/calendar-dates';
import {
  COMPARISON_MONTHS,
  MIN_COMPARISON_HOMES,
  type HomeDetails,
  type HomeDetailsRequest,
  type HomesComparison,
} from '@portal/schema/homes-comparison';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { homeGroupRepository, type GroupDefinition, type MonthSpan } from './home-group-repository.ts';

const whToKwh = (wh: string | number) => Number(wh) / 1000;

/** The twelve whole months before the running one on the site's calendar. */
export function comparisonSpan(timezone: string, now: Date): MonthSpan {
  const current = monthStart(todayIn(timezone, now));
  return { first: monthStart(current, -COMPARISON_MONTHS), last: monthStart(current, -1), count: COMPARISON_MONTHS };
}

/**
 * GET /api/usage-points/homes-comparison (issue 28, decision 123): the metering point's last twelve whole months beside
 * the median and the 25th percentile ("efficient homes") of other homes of the same site, utility and kind, heating and
 * size band. A group of fewer than MIN_COMPARISON_HOMES other homes is never answered: the size band goes first, then
 * the heating; if even the kind's homes are too few, the answer says so and shows no figure of them (k-anonymity).
 */
export async function homesComparison(
  executor: Executor,
  scope: CustomerScope,
  site: { timezone: string },
  meteringPointId: string,
  now: Date,
): Promise<HomesComparison> {
  const point = await homeGroupRepository.ownPoint(executor, scope, meteringPointId);
  if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  const home: HomeDetails = { homeKind: point.homeKind, heating: point.heating, floorAreaBand: point.floorAreaBand };
  const base = { meteringPointId: point.id, utility: point.utility, home, minimumHomes: MIN_COMPARISON_HOMES };
  if (!point.homeKind) return { ...base, status: 'home-unknown', group: null, months: [] };

  const span = comparisonSpan(site.timezone, now);
  const subject = { scope, utility: point.utility, span };
  const own: GroupDefinition = { homeKind: point.homeKind, heating: point.heating, floorAreaBand: point.floorAreaBand };
  const sizes = await homeGroupRepository.groupSizes(executor, subject, own);
  // From the home's own description outwards; a level needs the details it groups by.
  const levels: { group: GroupDefinition; homes: number }[] = [];
  if (own.heating && own.floorAreaBand) levels.push({ group: own, homes: sizes.exact });
  if (own.heating) levels.push({ group: { ...own, floorAreaBand: null }, homes: sizes.sameHeating });
  levels.push({ group: { homeKind: own.homeKind, heating: null, floorAreaBand: null }, homes: sizes.sameKind });

  const chosen = levels.find((level) => level.homes >= MIN_COMPARISON_HOMES);
  if (!chosen) {
    const widest = levels.at(-1)!;
    return { ...base, status: 'too-few-homes', group: { ...widest.group, homes: null, widened: levels.length > 1 }, months: [] };
  }
  const [group, mine] = await Promise.all([
    homeGroupRepository.groupMonths(executor, subject, chosen.group),
    homeGroupRepository.ownMonths(executor, point.id, span),
  ]);
  const myWh = new Map(mine.map((row) => [row.month, row.wh]));
  return {
    ...base,
    status: 'available',
    group: { ...chosen.group, homes: chosen.homes, widened: chosen !== levels[0] },
    months: group.map((row) => {
      const wh = myWh.get(row.month);
      return {
        month: row.month,
        myKwh: wh === undefined ? null : whToKwh(wh),
        medianKwh: whToKwh(row.median_wh),
        efficientKwh: whToKwh(row.efficient_wh),
      };
    }),
  };
}

/** PUT /api/usage-points/home: the customer's own description of the home of one of their metering points. */
export async function saveHomeDetails(executor: Executor, scope: CustomerScope, request: HomeDetailsRequest): Promise<HomeDetails> {
  const { meteringPointId, ...details } = request;
  const saved = await homeGroupRepository.saveHomeDetails(executor, scope, meteringPointId, details);
  if (!saved) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  return details;
}
