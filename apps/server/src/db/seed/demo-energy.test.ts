import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/database.ts';
import { describe, expect, it } from 'vitest';
import { validGsrn } from '../../modules/readings/readings-csv.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { DEMO_OBJECTS, eic } from './demo-energy-catalogue.ts';
import { publishedUntil, seedDemoEnergy } from './demo-energy.ts';
import { loadKw, seedOf, WEATHER_AREAS } from './energy-profiles.ts';

const rows = <T>(ctx: ReturnType<typeof useTestApp>, query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

describe('demo energy seed', () => {
  const ctx = useTestApp();
  const now = new Date('2026-11-22T13:05:00Z'); // 15:05 in Helsinki: tomorrow's prices are out

  it("loads one customer's short history in bulk, and a second run adds nothing", async () => {
    const first = await seedDemoEnergy(ctx.database.db, { now, historyDays: 3, clientCodes: ['LUMO-100001'] });
    // 3 days × 24 h, two directions, 5-minute detail (12 + 4 + 1 rows an hour) for all of it.
    expect(first.readings).toBe(3 * 24 * 2 * 17);
    expect(first.temperatures).toBe(3 * 24 + 1);
    expect(first.spotPrices).toBeGreaterThan(3 * 3 * 96);
    const again = await seedDemoEnergy(ctx.database.db, { now, historyDays: 3, clientCodes: ['LUMO-100001'] });
    expect(again).toMatchObject({ readings: 0, temperatures: 0, spotPrices: 0 });
  });

  it('keeps each coarser interval the exact sum of its finer ones, and produces solar only in daylight', async () => {
    const mismatches = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from reading h
          where h.metering_point_id = 'mp-lumo-aino-el' and h.resolution_minutes = 60
            and h.wh <> (select sum(f.wh) from reading f where f.metering_point_id = h.metering_point_id and f.direction = h.direction
                         and f.resolution_minutes = 5 and f.starts_at >= h.starts_at and f.starts_at < h.starts_at + interval '1 hour')`,
    );
    expect(mismatches[0]!.n).toBe(0);
    const nightProduction = await rows<{ wh: string }>(
      ctx,
      sql`select coalesce(sum(wh), 0) as wh from reading where metering_point_id = 'mp-lumo-aino-el' and direction = 'production'
          and extract(hour from starts_at at time zone 'Europe/Helsinki') not between 8 and 16`,
    );
    expect(Number(nightProduction[0]!.wh)).toBe(0);
  });

  it('publishes tomorrow’s day-ahead prices from 14:00 local time, per 15 minutes', async () => {
    expect(publishedUntil(new Date('2026-11-22T11:00:00Z').getTime())).toBe(Date.parse('2026-11-22T22:00:00Z'));
    expect(publishedUntil(now.getTime())).toBe(Date.parse('2026-11-23T22:00:00Z'));
    const tomorrow = await rows<{ n: number; minutes: number }>(
      ctx,
      sql`select count(*)::int as n, max(resolution_minutes)::int as minutes from spot_price where bidding_zone = 'EE' and starts_at >= '2026-11-22T22:00Z'`,
    );
    expect(tomorrow[0]).toEqual({ n: 96, minutes: 15 });
  });

  it('starts the contracts on the local day of the first reading, in winter and in summer', async () => {
    // 21:20 UTC is 23:20 in Helsinki in winter: a day's history starts at 23:00 the day before, local time.
    await seedDemoEnergy(ctx.database.db, { now: new Date('2026-11-29T21:20:00Z'), historyDays: 1, clientCodes: ['LUMO-100002'] });
    const winter = await rows<{ start: string; first: string }>(
      ctx,
      sql`select c.start_date::text as start,
                 (select to_char(min(r.starts_at) at time zone 'Europe/Helsinki', 'YYYY-MM-DD') from reading r
                  where r.metering_point_id = c.metering_point_id) as first
          from contract c where c.metering_point_id = 'mp-lumo-mikko-el' and c.status = 'active'`,
    );
    expect(winter[0]).toEqual({ start: '2026-11-28', first: '2026-11-28' });
    // 20:30 UTC is 23:30 in Helsinki in summer.
    await seedDemoEnergy(ctx.database.db, { now: new Date('2026-07-01T20:30:00Z'), historyDays: 1, clientCodes: ['VE-500102'] });
    const summer = await rows<{ start: string }>(
      ctx,
      sql`select min(c.start_date)::text as start from contract c join customer u on u.id = c.customer_id
          where u.client_code = 'VE-500102' and c.status = 'active'`,
    );
    expect(summer[0]).toEqual({ start: '2026-06-30' });
  });

  it("gives the network operator's household the same meter and readings as Lumo's, on the power-charge product", async () => {
    await seedDemoEnergy(ctx.database.db, { now, historyDays: 3, clientCodes: ['KV-400101'] });
    const compared = await rows<{ gsrn: boolean; readings: number; different: number }>(
      ctx,
      sql`select (select count(distinct gsrn) = 1 from metering_point where id in ('mp-lumo-aino-el', 'mp-kallio-aino-el')) as gsrn,
                 count(*)::int as readings,
                 count(*) filter (where l.wh is distinct from k.wh)::int as different
          from reading k left join reading l on l.metering_point_id = 'mp-lumo-aino-el' and l.starts_at = k.starts_at
            and l.direction = k.direction and l.resolution_minutes = k.resolution_minutes
          where k.metering_point_id = 'mp-kallio-aino-el'`,
    );
    expect(compared[0]).toEqual({ gsrn: true, readings: 3 * 24 * 2 * 17, different: 0 });
    const prices = await rows<{ kind: string; unit: string; threshold: string | null }>(
      ctx,
      sql`select pc.kind, pc.unit, pc.threshold_kw::text as threshold from price_component pc join contract c on c.id = pc.contract_id
          where c.metering_point_id = 'mp-kallio-aino-el' and c.type = 'GridContract' order by pc.id`,
    );
    expect(prices).toEqual([
      { kind: 'Monthly', unit: 'c/month', threshold: null },
      { kind: 'Base', unit: 'c/kWh', threshold: null },
      { kind: 'Power', unit: 'c/kW', threshold: '8.000' },
    ]);
    // Its winter evenings and nights go above the threshold: January's highest hour, from the same load profile.
    const area = WEATHER_AREAS['fi-espoo']!;
    let peakKw = 0;
    for (let hour = Date.parse('2026-01-01T00:00:00Z'); hour < Date.parse('2026-02-01T00:00:00Z'); hour += 3_600_000) {
      let kwh = 0;
      for (let at = hour + 150_000; at < hour + 3_600_000; at += 300_000)
        kwh += loadKw('electric-heated-house', area, seedOf('mp-lumo-aino-el'), at) / 12;
      peakKw = Math.max(peakKw, kwh);
    }
    expect(peakKw).toBeGreaterThan(8);
  });

  it('gives electricity points valid GSRNs and gas and heat points valid EICs', () => {
    for (const meter of DEMO_OBJECTS.flatMap((object) => object.meters)) {
      if (meter.utility === 'electricity') expect(validGsrn(meter.code), meter.code).toBe(true);
      else expect(eic(meter.code.slice(0, 15)), meter.code).toBe(meter.code);
    }
    // ENTSO-E's own published code for the Finnish bidding zone checks out with the same algorithm.
    expect(eic('10YFI-1--------')).toBe('10YFI-1--------U');
  });
});
