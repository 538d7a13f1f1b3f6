import { describe, expect, it } from 'vitest';
import { centsPerKwhOf, cheapestHours, costCents, pricedHours, switchesOf, type PublishedPeriod } from './cheapest-hours.ts';

const HOUR = 3_600_000;
const start = new Date('2031-03-10T00:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

/** Four 15-minute prices per hour, one list per hour. */
function quarters(hours: string[][]): PublishedPeriod[] {
  return hours.flatMap((prices, hour) =>
    prices.map((eurPerMwh, quarter) => ({
      startsAt: new Date(at(hour).getTime() + quarter * 15 * 60_000),
      resolutionMinutes: 15,
      eurPerMwh,
    })),
  );
}

describe('cheapest hours', () => {
  it('averages the four quarter-hour prices of each hour, and takes an hourly price as it is', () => {
    const periods = [...quarters([['40.00', '60.00', '80.00', '60.40']]), { startsAt: at(1), resolutionMinutes: 60, eurPerMwh: '12.34' }];
    const hours = pricedHours(periods, at(0), at(2))!;
    expect(hours.map(centsPerKwhOf)).toEqual([6.01, 1.234]);
  });

  it('refuses a window with an hour not fully priced yet', () => {
    expect(
      pricedHours(
        quarters([
          ['1', '2', '3', '4'],
          ['1', '2', '3'],
        ]),
        at(0),
        at(2),
      ),
    ).toBeNull();
  });

  it('picks the cheapest hours, the earlier one on equal prices, and prices them with VAT in whole cents', () => {
    const hours = pricedHours(
      quarters([['50'], ['10'], ['80'], ['5'], ['10'], ['20']].map((hour) => Array(4).fill(hour[0]))),
      at(0),
      at(6),
    )!;
    const chosen = cheapestHours(hours, 3);
    expect([...chosen].sort()).toEqual([1, 3, 4]);
    // 3 kW for an hour at 0.5, 1.0 and 1.0 c/kWh: 7.5 c, plus 25.5 % VAT = 9.4125 → 9 c.
    expect(costCents([hours[3]!, hours[1]!, hours[4]!], 3000, () => 255)).toBe(9);
    // Running at once, hours 0–2: 3 kW × (5 + 1 + 8) c/kWh = 42 c, with VAT 52.71 → 53 c.
    expect(costCents(hours.slice(0, 3), 3000, () => 255)).toBe(53);
    // The same hours with the first at 24 % (a window that starts the day before a change): 5 × 1.24 + 9 × 1.255 per kW.
    // 3 kW × (5 c × 1.24 + 9 c × 1.255) = 18.6 + 33.885 = 52.485 → 52 c.
    expect(costCents(hours.slice(0, 3), 3000, (hour) => (hour === hours[0] ? 240 : 255))).toBe(52);
  });

  it('counts negative prices as money back, rounded half away from zero', () => {
    const hours = pricedHours(quarters([Array(4).fill('-2.50') as string[]]), at(0), at(1))!;
    // 10 kW × −0.25 c/kWh = −2.5 c, no VAT → −3 c.
    expect(costCents(hours, 10_000, () => 0)).toBe(-3);
  });

  it('switches off where the window starts idle, on and off around each run, and back on at its end', () => {
    const hours = pricedHours(quarters(Array.from({ length: 6 }, () => Array(4).fill('1') as string[])), at(0), at(6))!;
    expect(switchesOf(hours, new Set([1, 3, 4]), at(6))).toEqual([
      { at: at(0), state: 'off' },
      { at: at(1), state: 'on' },
      { at: at(2), state: 'off' },
      { at: at(3), state: 'on' },
      { at: at(5), state: 'off' },
      { at: at(6), state: 'on' },
    ]);
    expect(switchesOf(hours, new Set([0, 1, 2, 3, 4, 5]), at(6))).toEqual([{ at: at(0), state: 'on' }]);
  });
});
