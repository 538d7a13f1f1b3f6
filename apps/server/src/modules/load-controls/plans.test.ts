import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommandAnswer, LoadPlan, PlanPreview } from '@portal/schema/power';
import { job } from '../../db/schema/jobs.ts';
import { loadCommand } from '../../db/schema/power.ts';
import { vatRate } from '../../db/schema/vat-rates.ts';
import { localDate } from '@portal/schema/calendar-dates';
import { insertSpotPrices } from '../../test-support/energy-factories.ts';
import { eventually, seedPowerDemo } from '../../test-support/power-fixtures.ts';
import { HOSTS, useTestApp, type TestContext } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

const HOUR = 3_600_000;
const HEATER = 'load-lumo-aino-el-1';
/** Three days ahead at midnight UTC: past any published price, so the test's own prices are the only ones. */
const windowStart = new Date(Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 3 * 24 * HOUR);
const at = (hours: number) => new Date(windowStart.getTime() + hours * HOUR).toISOString();
/** €/MWh per hour of the window: hours 1 and 3 are the cheapest. */
const HOURLY = ['50.00', '10.00', '80.00', '5.00', '60.00', '20.00'];

async function caller(ctx: TestContext, ssn: string = PEOPLE.aino) {
  const cookie = await sessionCookieFor(ctx.database.db, ssn, 'lumo');
  return (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
}

describe('★ cheapest-hours plans', () => {
  const ctx = useTestApp({
    METER_SIMULATOR_FAILURE_RATE: '0',
    METER_SIMULATOR_SILENCE_RATE: '0',
    METER_SIMULATOR_ANSWER_DELAY_MS: '20-60',
  });
  const request = { loadId: HEATER, windowStart: at(0), windowEnd: at(6), hours: 2 };

  it('previews the cheapest hours of the window with the saving against running at once', async () => {
    await seedPowerDemo(ctx);
    await insertSpotPrices(ctx.database.db, 'FI', {
      from: new Date(at(0)),
      to: new Date(at(6)),
      eurPerMwh: (startsAt) => HOURLY[Math.floor((startsAt.getTime() - windowStart.getTime()) / HOUR)]!,
    });
    const call = await caller(ctx);
    const response = await call('POST', '/api/load-controls/plans/preview', request);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<PlanPreview>();
    expect(preview.hours.filter((hour) => hour.chosen).map((hour) => hour.startsAt)).toEqual([at(1), at(3)]);
    expect(preview.hours.map((hour) => hour.centsPerKwh)).toEqual([5, 1, 8, 0.5, 6, 2]);
    // 3 kW × (1 + 0.5) c/kWh = 4.5 c, +25.5 % VAT → 6 c; at once (hours 0 and 1): 3 × (5 + 1) = 18 c → 23 c.
    expect(preview).toMatchObject({ ratedKw: 3, plannedCostCents: 6, atOnceCostCents: 23, savingCents: 17 });
    expect(preview.hours.map((hour) => hour.vatPermille)).toEqual([255, 255, 255, 255, 255, 255]);
    expect(await ctx.database.db.$count(job, eq(job.kind, 'load-control.planned-switch'))).toBe(0);
  });

  it('prices each hour at the VAT the rate table has for its local day', async () => {
    // A rate change as one more row of the table (decision 093), from the window's own day: every hour takes it.
    const [added] = await ctx.database.db
      .insert(vatRate)
      .values({ countryCode: 'FI', validFrom: localDate(windowStart, 'Europe/Helsinki'), permille: 500, legalSource: 'test' })
      .returning({ id: vatRate.id });
    try {
      const preview = (await (await caller(ctx))('POST', '/api/load-controls/plans/preview', request)).json<PlanPreview>();
      expect(preview.hours.map((hour) => hour.vatPermille)).toEqual([500, 500, 500, 500, 500, 500]);
      // 4.5 c × 1.5 = 6.75 → 7 c; at once 18 c × 1.5 = 27 c.
      expect(preview).toMatchObject({ plannedCostCents: 7, atOnceCostCents: 27 });
    } finally {
      await ctx.database.db.delete(vatRate).where(eq(vatRate.id, added!.id));
    }
  });

  it('makes the plan, schedules its switches as jobs, and switches the relay at the first one', async () => {
    const call = await caller(ctx);
    const created = await call('POST', '/api/load-controls/plans', request);
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<LoadPlan>();
    expect(plan).toMatchObject({ status: 'scheduled', loadName: 'Lämminvesivaraaja', savingCents: 17 });
    const switches = await ctx.database.db
      .select({ runAt: job.runAt, payload: job.payload })
      .from(job)
      .where(eq(job.kind, 'load-control.planned-switch'))
      .orderBy(job.runAt);
    expect(switches.map(({ runAt, payload }) => [runAt.toISOString(), (payload as { state: string }).state])).toEqual([
      [at(0), 'off'],
      [at(1), 'on'],
      [at(2), 'off'],
      [at(3), 'on'],
      [at(4), 'off'],
      [at(6), 'on'],
    ]);

    const again = await call('POST', '/api/load-controls/plans', request);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'PLAN_OVERLAPS' });

    // The first hour comes: its switch becomes a relay command on the plan's behalf, confirmed by the meter.
    await ctx.database.db.execute(
      sql`update job set run_at = now() - interval '1 second' where kind = 'load-control.planned-switch' and payload->>'at' = ${at(0)} and payload->>'planId' = ${plan.id}`,
    );
    await ctx.app.jobs.runDue();
    const [command] = await ctx.database.db
      .select()
      .from(loadCommand)
      .where(and(eq(loadCommand.planId, plan.id)));
    expect(command).toMatchObject({ origin: 'plan', action: 'relay-off', loadId: HEATER });
    await eventually(async () => {
      await ctx.app.jobs.runDue();
      const [row] = await ctx.database.db.select().from(loadCommand).where(eq(loadCommand.id, command!.id));
      return row!.status === 'confirmed' ? row : null;
    });
    const listed = (await call('GET', `/api/load-controls/plans?loadId=${HEATER}`)).json<LoadPlan[]>();
    expect(listed.map((item) => item.id)).toEqual([plan.id]);

    const cancelled = await call('DELETE', `/api/load-controls/plans/${plan.id}`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    // A cancelled plan's later switches do nothing.
    await ctx.database.db.execute(
      sql`update job set run_at = now() - interval '1 second' where kind = 'load-control.planned-switch' and status = 'queued'`,
    );
    await ctx.app.jobs.runDue();
    expect(await ctx.database.db.$count(loadCommand, eq(loadCommand.planId, plan.id))).toBe(1);
    expect((await call('DELETE', `/api/load-controls/plans/${plan.id}`)).json()).toMatchObject({ code: 'PLAN_FINISHED' });
  });

  it('refuses windows it cannot plan and loads that cannot wait', async () => {
    const call = await caller(ctx);
    const cases: [object, string][] = [
      [{ ...request, windowStart: new Date(Date.now() - 3 * HOUR).toISOString().slice(0, 13) + ':00:00Z' }, 'PLAN_WINDOW_INVALID'],
      [{ ...request, windowStart: at(0).replace(':00:00', ':30:00') }, 'PLAN_WINDOW_INVALID'],
      [{ ...request, hours: 7 }, 'PLAN_WINDOW_INVALID'],
      [{ ...request, windowStart: at(24), windowEnd: at(30) }, 'PLAN_PRICES_MISSING'],
      [{ ...request, windowEnd: at(60) }, 'PLAN_WINDOW_INVALID'],
    ];
    for (const [body, code] of cases) {
      const response = await call('POST', '/api/load-controls/plans/preview', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toMatchObject({ code, customerFacing: true });
    }
    const mikko = await caller(ctx, PEOPLE.mikko);
    const sauna = await mikko('POST', '/api/load-controls/plans/preview', { ...request, loadId: 'load-lumo-mikko-cottage-el-2' });
    expect(sauna.json()).toMatchObject({ code: 'LOAD_NOT_PLANNABLE' });
    const others = await mikko('POST', '/api/load-controls/plans/preview', request);
    expect(others.statusCode).toBe(404);
    const backwards = await call('POST', '/api/load-controls/plans/preview', { ...request, windowEnd: at(0) });
    expect(backwards.statusCode).toBe(400);
  });

  it('holds a planned switch while a person’s command for the load is pending, and runs it after', async () => {
    const call = await caller(ctx);
    const plan = (await call('POST', '/api/load-controls/plans', request)).json<LoadPlan>();
    const switched = await call('POST', '/api/load-controls/change-control', { target: 'load', loadId: HEATER, state: 'on' });
    const personal = switched.json<CommandAnswer>().command;
    await ctx.database.db.execute(
      sql`update job set run_at = now() - interval '1 second' where kind = 'load-control.planned-switch' and payload->>'at' = ${at(0)} and payload->>'planId' = ${plan.id}`,
    );
    const outcomes = await ctx.app.jobs.runDue();
    expect(outcomes.find((outcome) => outcome.kind === 'load-control.planned-switch')?.outcome).toBe('retry');
    expect(await ctx.database.db.$count(loadCommand, eq(loadCommand.planId, plan.id))).toBe(0);
    await eventually(async () => {
      await ctx.app.jobs.runDue();
      const [row] = await ctx.database.db.select().from(loadCommand).where(eq(loadCommand.id, personal.id));
      return row!.status === 'pending' ? null : row;
    });
    await ctx.database.db.execute(
      sql`update job set run_at = now() - interval '1 second' where kind = 'load-control.planned-switch' and status = 'queued' and payload->>'at' = ${at(0)}`,
    );
    await ctx.app.jobs.runDue();
    expect(await ctx.database.db.$count(loadCommand, eq(loadCommand.planId, plan.id))).toBe(1);
  });
});
