import { describe, expect, it } from 'vitest';
import { divideRounded, energyRowCents, priceToScaled, vatCents, whToKwh } from './exact-money.ts';

describe('money amounts are exact cents', () => {
  it('prices energy in watt-hours against cents per kWh without floats', () => {
    // 512.345 kWh × 8.49 c/kWh = 4349.80905 c → 4350 c
    expect(energyRowCents(512_345, '8.49000')).toBe(4350);
    // 0.1 + 0.2 style traps: 3 × 0.1 c/kWh for 1000 Wh each = 0.3 c → 0 c; 5000 Wh × 0.1 = 0.5 c → 1 c (half up)
    expect(energyRowCents(1000, '0.10000')).toBe(0);
    expect(energyRowCents(5000, '0.10000')).toBe(1);
    expect(energyRowCents(123_456_789, '12.34567')).toBe(1_524_157); // 1524156.776… c
  });

  it('applies a VAT line’s rate to its net, rounded once per line', () => {
    expect(vatCents(10_000, 255)).toBe(2550); // Finland 25.5 %
    expect(vatCents(10_000, 240)).toBe(2400); // Estonia 24 %
    expect(vatCents(10_000, 210)).toBe(2100); // Latvia 21 %
    expect(vatCents(4745, 255)).toBe(1210); // 1209.975 → 1210
    expect(vatCents(4745, 210)).toBe(996); // 996.45 → 996
  });

  it('rounds half away from zero, also for credits', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(priceToScaled('-1.5')).toBe(-150_000n);
  });

  it('writes kWh with three decimals exactly', () => {
    expect(whToKwh(512_345)).toBe('512.345');
    expect(whToKwh(7)).toBe('0.007');
  });
});
