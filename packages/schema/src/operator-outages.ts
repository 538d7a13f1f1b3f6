import { z } from 'zod';
import { isWallClockTime } from './calendar-dates.ts';
import { outageCause, outageStatus } from './outages.ts';

/*
 * Planned outages a network operator's staff publish in the portal (issue 29, docs/decisions/126): an area by postal
 * codes and metering points, a time window on the site's clock and a reason. Stored beside the outage system's
 * outages (051), so the customers' list, the start notices (052) and the alerts (053) work for them as they are.
 */

export const MAX_OUTAGE_AREA_ITEMS = 200;
export const MAX_OUTAGE_DESCRIPTION_LENGTH = 500;
export const MAX_OUTAGE_GRID_AREA_LENGTH = 80;

/** `YYYY-MM-DD HH:mm` on the site's clock: the window is the site's, whatever the staff member's browser says. */
const wallClockTime = (field: string) => z.string().refine(isWallClockTime, `${field} must be a date and time (YYYY-MM-DD HH:mm)`);

/** A postal code as the site's country writes them: five digits (Finland, Estonia) or LV-and-four (Latvia). */
const postalCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(\d{5}|LV-\d{4})$/, 'A postal code is five digits, or LV- and four digits');

/** A metering point's GSRN: 18 digits. */
const gsrn = z
  .string()
  .trim()
  .regex(/^\d{18}$/, 'A GSRN is 18 digits');

/** POST and PUT /api/staff/outages[/{id}]: the whole planned outage. */
export const plannedOutageRequest = z
  .object({
    gridArea: z.string().trim().min(1, 'Name the area').max(MAX_OUTAGE_GRID_AREA_LENGTH),
    cause: outageCause,
    description: z.string().trim().max(MAX_OUTAGE_DESCRIPTION_LENGTH).default(''),
    startsAt: wallClockTime('The start'),
    estimatedEndAt: wallClockTime('The end'),
    postalCodes: z.array(postalCode).max(MAX_OUTAGE_AREA_ITEMS).default([]),
    gsrns: z.array(gsrn).max(MAX_OUTAGE_AREA_ITEMS).default([]),
  })
  .superRefine((request, context) => {
    if (isWallClockTime(request.startsAt) && isWallClockTime(request.estimatedEndAt) && request.estimatedEndAt <= request.startsAt) {
      context.addIssue({ code: 'custom', path: ['estimatedEndAt'], message: 'The end must be after the start' });
    }
    if (request.postalCodes.length === 0 && request.gsrns.length === 0) {
      context.addIssue({ code: 'custom', path: ['postalCodes'], message: 'Give the area: postal codes, metering points or both' });
    }
  });
export type PlannedOutageRequest = z.infer<typeof plannedOutageRequest>;

export const operatorOutageParams = z.object({ id: z.uuid() });

/** How many notices of a planned outage went out or wait, by what became of them. */
export const outageNoticeCounts = z.object({ waiting: z.number().int(), sent: z.number().int(), manual: z.number().int() });

/** What the operator's staff see of one outage they published. */
export const operatorOutage = z
  .object({
    id: z.string(),
    gridArea: z.string(),
    status: outageStatus,
    cause: outageCause,
    description: z.string(),
    /** On the site's clock, `YYYY-MM-DD HH:mm`: what the form shows and sends back. */
    startsAt: z.string(),
    estimatedEndAt: z.string(),
    postalCodes: z.array(z.string()),
    gsrns: z.array(z.string()),
    /** Contracts in force in the area today. */
    affectedContracts: z.number().int(),
    notices: outageNoticeCounts,
    /** Whether it can still be changed or cancelled: planned and not begun. */
    editable: z.boolean(),
  })
  .meta({ id: 'OperatorOutage' });
export type OperatorOutage = z.infer<typeof operatorOutage>;
export const operatorOutageList = z.array(operatorOutage);
