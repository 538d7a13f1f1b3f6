import { describe, expect, it } from 'vitest';
import { renderBudget } from './render-budget.ts';

describe('render budget', () => {
  it('allows renders up to its burst at once, then refuses until some of it has drained', () => {
    let clock = 0;
    const budget = renderBudget({ share: 0.2, burstMs: 200, now: () => clock });
    for (let render = 0; render < 5; render++) {
      expect(budget.allows()).toBe(true);
      budget.spend(40);
    }
    expect(budget.allows()).toBe(false);
    clock += 1;
    expect(budget.allows()).toBe(true);
  });

  it('keeps the renders to its share of the clock under a steady crowd of pages', () => {
    let clock = 0;
    const budget = renderBudget({ share: 0.2, burstMs: 200, now: () => clock });
    let rendering = 0;
    let drawn = 0;
    let refused = 0;
    // A page every 5 ms for a minute, each costing 40 ms of the thread when drawn.
    while (clock < 60_000) {
      if (budget.allows()) {
        budget.spend(40);
        rendering += 40;
        clock += 40;
        drawn++;
      } else refused++;
      clock += 5;
    }
    expect(rendering / clock).toBeLessThanOrEqual(0.2 + 240 / 60_000);
    expect(rendering / clock).toBeGreaterThan(0.19);
    expect(drawn).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(drawn);
  });

  it('carries a render longer than the burst over, so the share holds over time', () => {
    let clock = 0;
    const budget = renderBudget({ share: 0.2, burstMs: 200, now: () => clock });
    budget.spend(1_000);
    clock += 1_000;
    // 1,000 ms owed, 200 drained: 800 left until 3,000 ms more have passed.
    expect(budget.allows()).toBe(false);
    clock += 2_990;
    expect(budget.allows()).toBe(false);
    clock += 20;
    expect(budget.allows()).toBe(true);
  });
});
