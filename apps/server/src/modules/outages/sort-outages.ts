import type { Outage, OutageStatus } from '@portal/schema/outages';

const STATUS_ORDER: Record<OutageStatus, number> = { current: 0, planned: 1, ended: 2, cancelled: 3 };

/**
 * The order /outages shows (spec §1): outages on the customer's own streets first; then those going on now, then
 * planned ones, then the lately ended and cancelled; sooner ones first within each.
 */
export function sortForCustomer(outages: Outage[]): Outage[] {
  return outages.toSorted(
    (a, b) =>
      Number(b.myPlaces.length > 0) - Number(a.myPlaces.length > 0) ||
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      a.startsAt.localeCompare(b.startsAt) ||
      a.id.localeCompare(b.id),
  );
}
