import { addMonths, maxDate, monthStart } from '@portal/schema/calendar-dates';
import { CHANGE_INTERVAL_MONTHS } from '@portal/schema/network-products';
import { LIVE_STATUSES, statusOn } from '../contracts/contract-life-cycle.ts';
import type { GridContractRow } from './network-product-repository.ts';

/**
 * A change made today takes effect on the first day of next month on the site's calendar: the running month is billed
 * whole under one product, its fees and its power charge (decision 119) with it.
 */
export const changeTakesEffect = (today: string) => monthStart(today, 1);

/** Whether a grid contract was made by a change of network product (the first product, chosen at connection, was not). */
const isChange = (row: GridContractRow) => row.startReason === 'product-change';

/**
 * Where a metering point's grid contracts stand today (decision 127): the one in force, a change waiting to take effect
 * (a signed product change that follows it), the change the once-a-year rule counts from (the pending one, else the
 * contract in force when a change made it) and the first day another change may take effect.
 */
export function networkProductState(rows: readonly GridContractRow[], today: string) {
  const current = rows.find((row) => LIVE_STATUSES.includes(statusOn(row.status, row.endDate, today, row.startDate)));
  const pending = current
    ? rows.find((row) => isChange(row) && row.renewsContractId === current.id && row.status === 'signed' && row.startDate > today)
    : undefined;
  const lastChange = pending ?? (current && isChange(current) ? current : undefined);
  const takesEffect = changeTakesEffect(today);
  const nextChangeFrom = lastChange ? maxDate(takesEffect, addMonths(lastChange.startDate, CHANGE_INTERVAL_MONTHS)) : takesEffect;
  return { current, pending, lastChange, takesEffect, nextChangeFrom };
}

/** Whether a contract was made from the product: by its id, or by name for contracts made before the portal kept ids. */
export const madeFrom = (row: Pick<GridContractRow, 'productId' | 'productName'>, product: { id: string; name: string }) =>
  row.productId === product.id || row.productName === product.name;
