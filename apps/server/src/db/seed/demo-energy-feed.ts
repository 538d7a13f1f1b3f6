import type { Database } from '../../platform/database.ts';
import { seedDemoEnergy } from './demo-energy.ts';

/**
 * Demo mode's stand-in for the meter head-end and the day-ahead market: every quarter of an hour the demo
 * series are topped up to now (new hourly readings, tomorrow's prices once published at 14:00), so a demo
 * left running keeps showing today. Returns a stop function.
 */
export function startDemoEnergyFeed(db: Database, onError: (error: unknown) => void, everyMs = 15 * 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    seedDemoEnergy(db)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
