import { randomUUID } from 'node:crypto';
import { localDate } from '@portal/schema/calendar-dates';
import type { CustomerType, OperatingCountryCode } from '@portal/schema/enums';
import { PLANNABLE_LOAD_KINDS, type LoadPlan, type PlanPreview, type PlanRequest } from '@portal/schema/power';
import type { CustomerScope } from '../../platform/actor.ts';
import type { PlannedHour } from '../../db/schema/power.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import type { JobContext } from '../../platform/jobs/job-type.ts';
import { vatRateRows } from '../pricing/vat-rate-repository.ts';
import { vatPermilleOn, vatSchedule } from '../pricing/vat-rates.ts';
import { centsPerKwhOf, cheapestHoursAvoiding, costCents, pricedHours, switchesOf, type PricedHour } from './cheapest-hours.ts';
import { plannedSwitchJob } from './command-jobs.ts';
import { issueCommandIn, type CommandDeps, type Requester } from './issue-command.ts';
import { loadControlRepository as repository, type LoadRow, type PlanRow } from './load-control-repository.ts';
import { peakGuard } from './peak-guard.ts';

const HOUR = 3_600_000;
const MAX_WINDOW_HOURS = 48;
/** A switch this late is skipped: running a load an hour after its cheap hour is not what was planned. */
const STALE_SWITCH_MS = 30 * 60_000;

/** The acting customer, and the site's clock and country: each hour's VAT is that of its local day (decision 093). */
type PlanScope = CustomerScope & { timezone: string; countryCode: OperatingCountryCode; customerType: CustomerType };

type Priced = { load: LoadRow; preview: PlanPreview; hours: PricedHour[]; chosen: Set<number> };

function refuseWindow(message: string): never {
  throw new AppError('PLAN_WINDOW_INVALID', message);
}

async function plannableLoad(executor: Executor, scope: CustomerScope, loadId: string): Promise<LoadRow> {
  const load = await repository.load(executor, scope, loadId);
  if (!load) throw new AppError('LOAD_NOT_FOUND', `No such load: ${loadId}`);
  if (!PLANNABLE_LOAD_KINDS.includes(load.kind)) {
    throw new AppError('LOAD_NOT_PLANNABLE', 'Only loads that can wait for cheap hours (water heaters, EV chargers) can be planned');
  }
  return load;
}

/** Prices the window from the meter's bidding zone and picks the cheapest hours (docs/decisions/063). */
async function price(deps: CommandDeps, executor: Executor, scope: PlanScope, request: PlanRequest): Promise<Priced> {
  const load = await plannableLoad(executor, scope, request.loadId);
  const meter = await repository.meterOfLoad(executor, load);
  if (!meter) throw new AppError('LOAD_NOT_FOUND', `No such load: ${request.loadId}`);
  const from = new Date(request.windowStart);
  const to = new Date(request.windowEnd);
  if (from.getTime() % HOUR !== 0 || to.getTime() % HOUR !== 0) refuseWindow('The window must start and end on a full hour');
  const currentHour = Math.floor(deps.now().getTime() / HOUR) * HOUR;
  if (from.getTime() < currentHour) refuseWindow('The window must not start in the past');
  const windowHours = (to.getTime() - from.getTime()) / HOUR;
  if (windowHours > MAX_WINDOW_HOURS) refuseWindow(`The window can be at most ${MAX_WINDOW_HOURS} hours long`);
  if (request.hours > windowHours) refuseWindow('The load needs more hours than the window has');
  const hours = pricedHours(await repository.spotPrices(executor, meter.biddingZone, from, to), from, to);
  if (!hours) {
    throw new AppError(
      'PLAN_PRICES_MISSING',
      'Spot prices for the whole window are not published yet (the next day’s come out at about 14:00)',
    );
  }
  // Hours that would raise the month's power peak are left out while others are enough (docs/decisions/128).
  const guard = await peakGuard(executor, scope, meter.meteringPointId, hours, load.ratedW, deps.now());
  const { chosen, raised } = cheapestHoursAvoiding(hours, request.hours, guard?.over ?? new Set());
  const kw = (w: bigint) => Number(w) / 1000;
  const vat = vatSchedule(await vatRateRows(executor), {
    countryCode: scope.countryCode,
    utility: 'electricity',
    supply: 'energy',
    customerType: scope.customerType,
  });
  const vatOf = (hour: PricedHour) => vatPermilleOn(vat, localDate(hour.startsAt, scope.timezone));
  const plannedCostCents = costCents(
    hours.filter((_, index) => chosen.has(index)),
    load.ratedW,
    vatOf,
  );
  const atOnceCostCents = costCents(hours.slice(0, request.hours), load.ratedW, vatOf);
  return {
    load,
    hours,
    chosen,
    preview: {
      loadId: load.id,
      windowStart: from.toISOString(),
      windowEnd: to.toISOString(),
      hoursNeeded: request.hours,
      ratedKw: load.ratedW / 1000,
      hours: hours.map((hour, index) => ({
        startsAt: hour.startsAt.toISOString(),
        centsPerKwh: centsPerKwhOf(hour),
        vatPermille: vatOf(hour),
        chosen: chosen.has(index),
        ...(guard ? { expectedKw: kw(guard.expectedW[index]!), raisesPeak: guard.over.has(index) } : {}),
      })),
      plannedCostCents,
      atOnceCostCents,
      savingCents: atOnceCostCents - plannedCostCents,
      // The limit of the window's first hour: the running month's, unless the window starts in the next.
      peak: guard ? { limitKw: kw(guard.limitW[0]!), raised } : null,
    },
  };
}

export async function previewPlan(deps: CommandDeps, scope: PlanScope, request: PlanRequest): Promise<PlanPreview> {
  return (await price(deps, deps.db, scope, request)).preview;
}

function toLoadPlan(row: PlanRow, loadName: string): LoadPlan {
  const hours: PlannedHour[] = row.hours;
  return {
    id: row.id,
    loadId: row.loadId,
    loadName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    windowStart: row.windowStart.toISOString(),
    windowEnd: row.windowEnd.toISOString(),
    hoursNeeded: row.hoursNeeded,
    ratedKw: row.ratedW / 1000,
    hours,
    plannedCostCents: row.plannedCostCents,
    atOnceCostCents: row.atOnceCostCents,
    savingCents: row.atOnceCostCents - row.plannedCostCents,
  };
}

/**
 * Makes the plan and enqueues its switches in one transaction: each switch is a job due at its hour
 * (docs/decisions/015), which issues the relay command then like a person's switch would.
 */
export async function createPlan(deps: CommandDeps, scope: PlanScope, request: PlanRequest, requester: Requester): Promise<LoadPlan> {
  return deps.db.transaction(async (tx) => {
    const { load, preview, hours, chosen } = await price(deps, tx, scope, request);
    const created = await repository.insertPlan(tx, {
      id: randomUUID(),
      siteId: scope.siteId,
      customerId: scope.customerId,
      loadId: load.id,
      windowStart: new Date(preview.windowStart),
      windowEnd: new Date(preview.windowEnd),
      hoursNeeded: preview.hoursNeeded,
      ratedW: load.ratedW,
      hours: preview.hours,
      plannedCostCents: preview.plannedCostCents,
      atOnceCostCents: preview.atOnceCostCents,
      createdBy: requester.personId,
      createdAt: deps.now(),
    });
    if (!created) throw new AppError('PLAN_OVERLAPS', 'This load already has a plan under way; cancel it before making another');
    const switches = switchesOf(hours, chosen, new Date(preview.windowEnd));
    for (const [index, change] of switches.entries()) {
      await enqueue(
        tx,
        plannedSwitchJob,
        { planId: created.id, state: change.state, at: change.at.toISOString(), last: index === switches.length - 1 },
        { runAt: change.at, dedupeKey: `plan:${created.id}:${change.at.toISOString()}` },
      );
    }
    await repository.audit(tx, {
      siteId: scope.siteId,
      personId: requester.personId,
      customerId: scope.customerId,
      action: 'load-control plan',
      outcome: 'scheduled',
      requestId: requester.requestId,
      ipAddress: requester.ipAddress,
      details: `plan ${created.id}; load ${load.id}; ${preview.hoursNeeded} h in ${preview.windowStart}–${preview.windowEnd}; acting as ${requester.actingAs}`,
    });
    return toLoadPlan(created, load.name);
  });
}

export async function listPlans(deps: CommandDeps, scope: CustomerScope, loadId?: string): Promise<LoadPlan[]> {
  const rows = await repository.plans(deps.db, scope, loadId);
  const loads = await repository.loadsOfCustomer(deps.db, scope);
  return rows.map((row) => toLoadPlan(row, loads.find((load) => load.id === row.loadId)?.name ?? ''));
}

/** Stops a plan's coming switches; the load stays as the last switch left it. */
export async function cancelPlan(deps: CommandDeps, scope: CustomerScope, planId: string, requester: Requester): Promise<LoadPlan> {
  return deps.db.transaction(async (tx) => {
    const plan = await repository.lockPlan(tx, planId, scope);
    if (!plan) throw new AppError('PLAN_NOT_FOUND', `No such plan: ${planId}`);
    if (plan.status !== 'scheduled') throw new AppError('PLAN_FINISHED', 'This plan has already finished');
    await repository.finishPlan(tx, plan.id, 'cancelled', deps.now());
    await repository.audit(tx, {
      siteId: scope.siteId,
      personId: requester.personId,
      customerId: scope.customerId,
      action: 'load-control plan',
      outcome: 'cancelled',
      requestId: requester.requestId,
      ipAddress: requester.ipAddress,
      details: `plan ${plan.id}; load ${plan.loadId}; acting as ${requester.actingAs}`,
    });
    const load = await repository.loadById(tx, plan.loadId);
    return toLoadPlan({ ...plan, status: 'cancelled' }, load?.name ?? '');
  });
}

/** The job of one planned switch: a relay command on behalf of the plan's maker, in the job's own transaction. */
export function runPlannedSwitch(deps: CommandDeps) {
  return async (payload: { planId: string; state: 'on' | 'off'; at: string; last: boolean }, context: JobContext) => {
    await context.transaction(async (tx) => {
      const plan = await repository.lockPlan(tx, payload.planId);
      if (plan?.status !== 'scheduled') return;
      const late = deps.now().getTime() - Date.parse(payload.at) > STALE_SWITCH_MS;
      const load = await repository.loadById(tx, plan.loadId);
      const meter = load && (await repository.meterOfLoad(tx, load));
      if (load && meter && !late) {
        const requester: Requester = {
          personId: plan.createdBy,
          actingAs: 'plan',
          requestId: `plan:${plan.id}`,
          ipAddress: null,
          origin: 'plan',
          planId: plan.id,
        };
        const action = payload.state === 'on' ? 'relay-on' : 'relay-off';
        const answer = await issueCommandIn(tx, deps, { meter, target: 'load', action, loadId: load.id }, requester);
        // Rolls the transaction back, so the job is retried after another command for the load settled.
        if (answer.alreadyPending) throw new Error('another command for this load is pending; the planned switch waits');
      } else if (late) {
        context.log.warn({ planId: plan.id, at: payload.at }, 'planned switch skipped: too late');
      }
      if (payload.last || !load || !meter) await repository.finishPlan(tx, plan.id, 'done', deps.now());
    });
  };
}
