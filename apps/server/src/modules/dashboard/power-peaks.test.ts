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

  it('answers an asked month as its bill reads it: a past month whole, a month to come with no peak yet (charts)', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', resolutionMinutes: 60 });
    // The power charge's threshold went from 8 kW to 6 kW on 1 November: October is billed at 8 kW.
    await buildContract(db, point, {
      type: 'GridContract',
      startDate: '2026-01-01',
      components: [
        { kind: 'Power', unit: 'c/kW', priceCents: '410.00000', thresholdKw: '8.000', validTo: '2026-10-31' },
        { kind: 'Power', unit: 'c/kW', priceCents: '410.00000', thresholdKw: '6.000', validFrom: '2026-11-01' },
      ],
    });
    // 31 October 23:00–24:00 on the Helsinki clock (21:00Z, winter time) is October's highest hour: 9.2 kWh.
    const lastHour = Date.parse('2026-10-31T22:00:00Z');
    await insertReadings(db, point.id, {
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-11-20T00:00:00Z'),
      minutes: 60,
      wh: (at) => (at.getTime() === lastHour - 3_600_000 ? 9_200 : at.getTime() === lastHour ? 9_900 : 1_000),
    });
    const scope = { siteId: 'kallio', customerId: point.customerId };
    const inNovember = new Date('2026-11-20T10:00:00Z');
    // The same customer's point of the test above is left out.
    const peakOf = async (month: string) => {
      const answer = await powerPeaks(db, scope, helsinki, inNovember, month);
      expect(answer.month).toBe(month);
      return answer.peaks.filter((peak) => peak.meteringPointId === point.id);
    };
    expect(await peakOf('2026-10')).toEqual([
      expect.objectContaining({ startsAt: '2026-10-31T21:00:00.000Z', kw: '9.200', thresholdKw: '8.000', chargedKw: '1.200' }),
    ]);
    // 00:00 on 1 November (Helsinki) is November's, billed above the new 6 kW.
    expect(await peakOf('2026-11')).toEqual([
      expect.objectContaining({ startsAt: '2026-10-31T22:00:00.000Z', kw: '9.900', thresholdKw: '6.000', chargedKw: '3.900' }),
    ]);
    expect(await peakOf('2026-12')).toEqual([
      expect.objectContaining({ startsAt: null, kw: '0.000', thresholdKw: '6.000', chargedKw: '0.000' }),
    ]);
    // Before the contract began there is nothing to answer.
    expect(await peakOf('2025-12')).toEqual([]);
  });

  it('refuses a month that is not YYYY-MM with 400', async () => {
    const answer = await ctx.app.inject({
      url: '/api/dashboard/power-peaks?month=2026-13',
      headers: { host: HOSTS.kallio, cookie: await sessionCookieFor(ctx.database.db, 'FI131052-308T', 'kallio') },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/YYYY-MM/);
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
