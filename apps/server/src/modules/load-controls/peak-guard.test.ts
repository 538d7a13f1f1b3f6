import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlanPreview } from '@portal/schema/power';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { cheapestHoursAvoiding, type PricedHour } from './cheapest-hours.ts';
import { peakGuard } from './peak-guard.ts';

const HOUR = 3_600_000;
const tehosiirto = [
  { kind: 'Base' as const, priceCents: '2.40000' },
  { kind: 'Power' as const, unit: 'c/kW' as const, priceCents: '410.00000', thresholdKw: '8.000' },
];
const hoursFrom = (start: string, prices: number[]): PricedHour[] =>
  prices.map((price, index) => ({ startsAt: new Date(Date.parse(start) + index * HOUR), priceMinutes: BigInt(price * 60) }));

describe('cheapest-hours plans that avoid raising the power peak (decision 128)', () => {
  const ctx = useTestApp();

  /** Aino's point on Kallio with the power product, 2 kWh hours but 6 kWh at 18 and 19 on the Helsinki clock. */
  async function householdPoint(from: string, to: string, extra: Record<string, number> = {}) {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', resolutionMinutes: 60 });
    await buildContract(db, point, { type: 'GridContract', startDate: '2026-01-01', components: tehosiirto });
    const localHour = (at: Date) =>
      Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', hourCycle: 'h23' }).format(at));
    await insertReadings(db, point.id, {
      from: new Date(from),
      to: new Date(to),
      wh: (at) => extra[at.toISOString()] ?? ([18, 19].includes(localHour(at)) ? 6000 : 2000),
    });
    return point;
  }

  it('picks the cheapest hours outside the avoided ones, and the cheapest avoided ones only when too few are left', () => {
    const hours = hoursFrom('2031-03-10T00:00:00Z', [50, 10, 80, 5, 60, 20]);
    expect(cheapestHoursAvoiding(hours, 2, new Set([1, 3]))).toEqual({ chosen: new Set([5, 0]), raised: false });
    expect(cheapestHoursAvoiding(hours, 5, new Set([1, 3]))).toEqual({ chosen: new Set([5, 0, 4, 2, 3]), raised: true });
    expect(cheapestHoursAvoiding(hours, 2, new Set())).toEqual({ chosen: new Set([3, 1]), raised: false });
  });

  it("measures each hour's typical use plus the load against the month's peak, and a new month's hours against the threshold", async () => {
    // A 14 kWh hour on 5 November is the month's peak; the four weeks before 10 November make the typical hours.
    const point = await householdPoint('2026-10-13T00:00:00Z', '2026-11-10T12:00:00Z', { '2026-11-05T15:00:00.000Z': 14_000 });
    const scope = { siteId: 'kallio', customerId: point.customerId, timezone: 'Europe/Helsinki' };
    const now = new Date('2026-11-10T12:00:00Z');
    // 11 November 14:00Z–20:00Z is 16:00–22:00 in Helsinki: 18:00 and 19:00 are 6 kWh hours, 6 + 11 = 17 kW > 14 kW.
    const guard = await peakGuard(ctx.database.db, scope, point.id, hoursFrom('2026-11-11T14:00:00Z', [1, 1, 1, 1, 1, 1]), 11_000, now);
    expect(guard?.limitW).toEqual([14_000n, 14_000n, 14_000n, 14_000n, 14_000n, 14_000n]);
    expect(guard?.expectedW).toEqual([13_000n, 13_429n, 17_000n, 17_000n, 13_000n, 13_000n]);
    expect(guard?.over).toEqual(new Set([2, 3]));

    // 30 November 20:00Z–1 December 00:00Z: from midnight on the Helsinki clock (22:00Z) December has no peak yet,
    // so 2 + 11 = 13 kW is over its 8 kW threshold.
    const late = await peakGuard(
      ctx.database.db,
      scope,
      point.id,
      hoursFrom('2026-11-30T20:00:00Z', [1, 1, 1, 1]),
      11_000,
      new Date('2026-11-30T19:00:00Z'),
    );
    expect(late?.limitW).toEqual([14_000n, 14_000n, 8_000n, 8_000n]);
    expect(late?.over).toEqual(new Set([2, 3]));
  });

  it('is no part of a plan where the contract has no power charge', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101' });
    await buildContract(db, point, {
      type: 'GridContract',
      startDate: '2026-01-01',
      components: [{ kind: 'Base', priceCents: '3.20000' }],
    });
    const scope = { siteId: 'kallio', customerId: point.customerId, timezone: 'Europe/Helsinki' };
    expect(
      await peakGuard(db, scope, point.id, hoursFrom('2026-11-11T14:00:00Z', [1]), 11_000, new Date('2026-11-10T12:00:00Z')),
    ).toBeNull();
  });

  it('previews a plan on Kallio that says which hours it left out for the peak (POST /api/load-controls/plans/preview)', async () => {
    const db = ctx.database.db;
    const now = Date.now();
    const point = await householdPoint(new Date(now - 28 * 24 * HOUR).toISOString(), new Date(Math.floor(now / HOUR) * HOUR).toISOString());
    await db.execute(
      sql`insert into meter_control (metering_point_id, site_id, customer_id) values (${point.id}, 'kallio', ${point.customerId})`,
    );
    await db.execute(sql`insert into controllable_load (id, site_id, customer_id, metering_point_id, relay, kind, name, rated_w)
                         values (${`load-${point.id}`}, 'kallio', ${point.customerId}, ${point.id}, 2, 'ev-charger', 'Laturi', 11000)`);
    // A day three days ahead, past any published price: the cheapest hours are 16:00Z and 17:00Z (18 and 19 on the
    // Helsinki clock in winter, 19 and 20 in summer).
    const start = new Date(Math.floor(now / (24 * HOUR)) * 24 * HOUR + 3 * 24 * HOUR + 12 * HOUR);
    const prices = ['50.00', '40.00', '30.00', '20.00', '5.00', '4.00', '60.00', '70.00'];
    await insertSpotPrices(db, 'FI', {
      from: start,
      to: new Date(start.getTime() + 8 * HOUR),
      eurPerMwh: (at) => prices[Math.floor((at.getTime() - start.getTime()) / HOUR)]!,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/load-controls/plans/preview',
      headers: { host: HOSTS.kallio, cookie: await sessionCookieFor(db, PEOPLE.aino, 'kallio'), 'content-type': 'application/json' },
      payload: JSON.stringify({
        loadId: `load-${point.id}`,
        windowStart: start.toISOString(),
        windowEnd: new Date(start.getTime() + 8 * HOUR).toISOString(),
        hours: 2,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<PlanPreview>();
    expect(preview.peak).not.toBeNull();
    // Every hour carries its expected average; no chosen hour raises the peak while enough hours stay under it.
    expect(preview.hours.every((hour) => typeof hour.expectedKw === 'number')).toBe(true);
    const under = preview.hours.filter((hour) => !hour.raisesPeak);
    expect(preview.peak!.raised).toBe(under.length < 2);
    if (!preview.peak!.raised) expect(preview.hours.filter((hour) => hour.chosen).every((hour) => !hour.raisesPeak)).toBe(true);
    // The 6 kWh evening hours with the 11 kW charger on are over any peak under 17 kW: they are left out.
    const evening = preview.hours.filter((hour) => hour.expectedKw === 17);
    expect(evening.length).toBeGreaterThan(0);
    if (preview.peak!.limitKw < 17) expect(evening.every((hour) => hour.raisesPeak && (!hour.chosen || preview.peak!.raised))).toBe(true);
  });
});
