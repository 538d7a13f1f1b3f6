import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { seedDemoEnergy } from '../db/seed/demo-energy.ts';
import { demoSimulatedMeters, seedDemoPower } from '../db/seed/demo-power.ts';
import type { TestContext } from './test-app.ts';

/**
 * The Lumo demo customers' objects, meters and loads, known to the app's meter simulator: Aino's house (water
 * heater on relay 1, EV charger on relay 2) and Mikko's flat and cottage (which can be disconnected remotely).
 */
export async function seedPowerDemo(ctx: TestContext) {
  const { db } = ctx.database;
  await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['LUMO-100001', 'LUMO-100002', 'LUMO-200001'] });
  await seedDemoPower(db);
  for (const meter of await demoSimulatedMeters(db)) ctx.app.meterSimulator?.add(meter);
}

/** Polls until `check` gives a value, for what arrives over the broker; bounded, so a lost answer fails the test. */
export async function eventually<T>(check: () => Promise<T | null | undefined>, { timeoutMs = 8000, stepMs = 50 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing arrived within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}

/** Time passes for the queue: every queued job of these kinds becomes due now (a command's deadline, a retry). */
export async function makeJobsDue(ctx: TestContext, kind: string) {
  await ctx.database.db.execute(sql`update job set run_at = now() - interval '1 second' where status = 'queued' and kind = ${kind}`);
}
