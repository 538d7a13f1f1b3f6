import { describe, expect, it } from 'vitest';
import { buildContract, buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { powerPeaks } from './power-peaks.ts';

/** Kallio Verkot's power product (decision 119): 4.10 € per kW a month above 8 kW. */
const tehosiirto = [
  { kind: 'Monthly' as const, unit: 'c/month' as const, priceCents: '1290.00000' },
  { kind: 'Base' as const, priceCents: '2.40000' },
  { kind: 'Power' as const, unit: 'c/kW' as const, priceCents: '410.00000', thresholdKw: '8.000' },
];

describe("the month's power peak on the dashboard", () => {
  const ctx = useTestApp();
  const helsinki = { timezone: 'Europe/Helsinki' };

  it('names the highest hour of the month so far on the site clock, its kW and the kW the charge bills', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', resolutionMinutes: 15 });
    await buildContract(db, point, { type: 'GridContract', startDate: '2026-01-01', components: tehosiirto });
    // October 2026 on the Helsinki clock; the second 03:00 of 25 October (01:00Z, after the clocks went back) holds
    // 2 400 Wh a quarter: 9.6 kWh in the hour. A higher hour on 30 September belongs to September.
    const peak = Date.parse('2026-10-25T01:00:00Z');
    await insertReadings(db, point.id, {
      from: new Date('2026-09-30T18:00:00Z'),
      to: new Date('2026-10-31T12:00:00Z'),
      minutes: 15,
      wh: (at) => {
        const t = at.getTime();
        if (t >= peak && t < peak + 3_600_000) return 2_400;
        if (t < Date.parse('2026-09-30T21:00:00Z')) return 3_000;
        return 400 + ((t / 900_000) % 7) * 150;
      },
    });
    // A customer's other contract without a power charge is not listed.
    const other = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101' });
    await buildContract(db, other, {
      type: 'GridContract',
      startDate: '2026-01-01',
      components: [{ kind: 'Base', priceCents: '3.20000' }],
    });

    const scope = { siteId: 'kallio', customerId: point.customerId };
    expect(await powerPeaks(db, scope, helsinki, new Date('2026-10-31T12:00:00Z'))).toEqual({
      timezone: 'Europe/Helsinki',
      month: '2026-10',
      peaks: [
        {
          meteringPointId: point.id,
          gsrn: expect.any(String),
          startsAt: '2026-10-25T01:00:00.000Z',
          kw: '9.600',
          thresholdKw: '8.000',
          chargedKw: '1.600',
        },
      ],
    });
    // On the first day of November before any reading of it: the month has no peak yet, and nothing to charge.
    expect((await powerPeaks(db, scope, helsinki, new Date('2026-10-31T22:30:00Z'))).peaks).toEqual([
      expect.objectContaining({ meteringPointId: point.id, startsAt: null, kw: '0.000', chargedKw: '0.000' }),
    ]);
  });

  it('answers each customer with their own metering points only, on their own site', async () => {
    const db = ctx.database.db;
    const aino = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101' });
    await buildContract(db, aino, { type: 'GridContract', startDate: '2026-01-01', components: tehosiirto });
    const get = async (ssn: string, siteId: 'kallio' | 'lumo') =>
      (
        await ctx.app.inject({
          url: '/api/dashboard/power-peaks',
          headers: { host: HOSTS[siteId], cookie: await sessionCookieFor(db, ssn, siteId) },
        })
      ).json();
    expect((await get('FI131052-308T', 'kallio')).peaks.map((peak: { meteringPointId: string }) => peak.meteringPointId)).toContain(
      aino.id,
    );
    // Mikko on the same site, and Aino on Lumo (where she buys the energy), see none of it.
    expect((await get('FI010101-123N', 'kallio')).peaks).toEqual([]);
    expect((await get('FI131052-308T', 'lumo')).peaks).toEqual([]);
  });
});
