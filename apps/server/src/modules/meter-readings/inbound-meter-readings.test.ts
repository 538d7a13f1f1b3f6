import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import type { InboundMeterReadingAnswer } from '@portal/schema/inbound-meter-readings';
import type { MeterReading, MeterReadingList } from '@portal/schema/meter-readings';
import { systemClient } from '../../db/schema/system-clients.ts';
import { DEMO_OBJECTS } from '../../db/seed/demo-energy-catalogue.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { demoReadingSystemToken } from '../../db/seed/demo-system-clients.ts';
import { queryRows } from '../../platform/database.ts';
import { sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const ANNA = 'LV150385-12346';
const codeOf = (pointId: string) => DEMO_OBJECTS.flatMap((object) => object.meters).find((meter) => meter.id === pointId)!.code;
const ANNA_HEAT = codeOf('mp-ds-anna-heat');
const JANIS_GAS = codeOf('mp-ds-janis-gas');
const AINO_LUMO = codeOf('mp-lumo-aino-el');

describe("the reading system's measured register readings (decision 131)", () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Riga');
  let anna = '';

  const send = (
    body: unknown,
    { host = HOSTS.daugava, token = demoReadingSystemToken('daugava') }: { host?: string; token?: string | null } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/reading-system/meter-readings',
      headers: { host, 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      payload: JSON.stringify(body),
    });
  const storedCount = async () =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from meter_register_reading where external_id is not null`,
      )
    )[0]!.n;
  const annaList = async () =>
    (
      await ctx.app.inject({ url: '/api/meter-readings?meteringPointId=mp-ds-anna-heat', headers: { host: HOSTS.daugava, cookie: anna } })
    ).json<MeterReadingList>();

  beforeAll(async () => {
    await seedDemoEnergy(ctx.database.db, { historyDays: 2, clientCodes: ['DS-300501', 'DS-300502', 'LUMO-100001'] });
    anna = await sessionCookieFor(ctx.database.db, ANNA, 'daugava');
  });

  it('refuses a caller without this site’s token before reading the body: none, a made-up one, another site’s', async () => {
    const batch = { readings: [{ readingId: 'RS-X', meteringPoint: ANNA_HEAT, readOn: today, value: '1' }] };
    for (const token of [null, 'not-the-daugava-reading-system', demoReadingSystemToken('lumo')]) {
      const response = await send(batch, { token });
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SYSTEM_TOKEN_REFUSED', statusCode: 401 });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="portal"');
    }
    // A session cookie is no token: Anna herself cannot send measured readings.
    const asAnna = await ctx.app.inject({
      method: 'POST',
      url: '/api/reading-system/meter-readings',
      headers: { host: HOSTS.daugava, cookie: anna, 'content-type': 'application/json' },
      payload: JSON.stringify(batch),
    });
    expect(asAnna.statusCode).toBe(401);
    expect(await storedCount()).toBe(0);
  });

  it('stores a batch, reports unknown and other sites’ points per row, and supersedes the customer’s reading of the month', async () => {
    // Anna typed her heat meter's register this morning; the reader came in the afternoon.
    const typed = await ctx.app.inject({
      method: 'POST',
      url: '/api/meter-readings',
      headers: { host: HOSTS.daugava, cookie: anna, 'content-type': 'application/json' },
      payload: JSON.stringify({ meteringPointId: 'mp-ds-anna-heat', value: '12.35' }),
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const customerReading = typed.json<MeterReading>();

    const response = await send({
      readings: [
        { readingId: 'RS-2026-000101', meteringPoint: ANNA_HEAT, readOn: today, value: '12.4' },
        { readingId: 'RS-2026-000102', meteringPoint: JANIS_GAS, readOn: addDays(today, -1), value: '4512.125' },
        // Aino's meter is Lumo's: Daugava's reading system cannot name it.
        { readingId: 'RS-2026-000103', meteringPoint: AINO_LUMO, readOn: today, value: '100' },
        { readingId: 'RS-2026-000104', meteringPoint: '11ZLV-H999999999', readOn: today, value: '7' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<InboundMeterReadingAnswer>();
    expect(answer).toMatchObject({ stored: 2, alreadyStored: 0, notStored: 2 });
    expect(
      answer.results.map(({ row, readingId, outcome, supersededCustomerReadings }) => [
        row,
        readingId,
        outcome,
        supersededCustomerReadings,
      ]),
    ).toEqual([
      [0, 'RS-2026-000101', 'stored', 1],
      [1, 'RS-2026-000102', 'stored', 0],
      [2, 'RS-2026-000103', 'unknown-metering-point', 0],
      [3, 'RS-2026-000104', 'unknown-metering-point', 0],
    ]);
    const measuredId = answer.results[0]!.id;
    expect(measuredId).toEqual(expect.any(String));
    expect(answer.results[2]!.id).toBeNull();

    // Anna sees the utility's reading and her own one replaced by it, in the meter's unit.
    const readings = (await annaList()).readings;
    expect(readings.find((reading) => reading.id === measuredId)).toMatchObject({
      value: '12.400',
      unit: 'MWh',
      source: 'MEASURED',
      status: 'CURRENT',
    });
    expect(readings.find((reading) => reading.id === customerReading.id)).toMatchObject({ status: 'SUPERSEDED', supersededBy: measuredId });
    // Nothing was written on Lumo's meter.
    const [lumo] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from meter_register_reading where metering_point_id = 'mp-lumo-aino-el'`,
    );
    expect(lumo!.n).toBe(0);
  });

  it('stores nothing twice when the batch is sent again, and reports a reading id reused with another value', async () => {
    const before = await storedCount();
    const retry = await send({
      readings: [
        { readingId: 'RS-2026-000101', meteringPoint: ANNA_HEAT, readOn: today, value: '12.400' },
        { readingId: 'RS-2026-000102', meteringPoint: JANIS_GAS, readOn: addDays(today, -1), value: '4512.125' },
        { readingId: 'RS-2026-000103', meteringPoint: AINO_LUMO, readOn: today, value: '100' },
      ],
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const answer = retry.json<InboundMeterReadingAnswer>();
    expect(answer).toMatchObject({ stored: 0, alreadyStored: 2, notStored: 1 });
    expect(answer.results.map((result) => result.outcome)).toEqual(['already-stored', 'already-stored', 'unknown-metering-point']);
    expect(answer.results[0]!.id).toBe(
      (await annaList()).readings.find((reading) => reading.source === 'MEASURED' && reading.value === '12.400')!.id,
    );

    const changed = await send({ readings: [{ readingId: 'RS-2026-000101', meteringPoint: ANNA_HEAT, readOn: today, value: '12.5' }] });
    expect(changed.json<InboundMeterReadingAnswer>().results).toEqual([
      { row: 0, readingId: 'RS-2026-000101', outcome: 'differs-from-stored', id: null, supersededCustomerReadings: 0 },
    ]);
    expect(await storedCount()).toBe(before);
    expect((await annaList()).readings.some((reading) => reading.value === '12.500')).toBe(false);
  });

  it('refuses a batch with a malformed row, naming the row, and stores none of it', async () => {
    const before = await storedCount();
    const good = { readingId: 'RS-2026-000201', meteringPoint: ANNA_HEAT, readOn: today, value: '12.6' };
    const cases: [object, string][] = [
      [{ readingId: 'RS-2026-000202', meteringPoint: JANIS_GAS, readOn: today, value: '4512,5' }, 'body.readings.1.value'],
      [{ readingId: 'RS-2026-000202', meteringPoint: JANIS_GAS, readOn: '02.12.2026', value: '4512.5' }, 'body.readings.1.readOn'],
      [{ readingId: 'RS 2026', meteringPoint: JANIS_GAS, readOn: today, value: '4512.5' }, 'body.readings.1.readingId'],
      [{ readingId: 'RS-2026-000201', meteringPoint: JANIS_GAS, readOn: today, value: '4512.5' }, 'body.readings.1.readingId'],
      [{ readingId: 'RS-2026-000202', readOn: today, value: '4512.5' }, 'body.readings.1.meteringPoint'],
    ];
    for (const [bad, path] of cases) {
      const response = await send({ readings: [good, bad] });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(
        response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path),
        JSON.stringify(bad),
      ).toContain(path);
    }
    const future = await send({ readings: [good, { ...good, readingId: 'RS-2026-000203', readOn: addDays(today, 1) }] });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'METER_READING_IN_FUTURE' });
    expect(future.json<{ message: string }>().message).toContain('readings.1.readOn');
    expect((await send({ readings: [] })).statusCode).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('refuses more than 500 rows with 413 before looking at them', async () => {
    const readings = Array.from({ length: 501 }, (_, index) => ({
      readingId: `RS-BIG-${index}`,
      meteringPoint: ANNA_HEAT,
      readOn: today,
      value: 'x',
    }));
    const response = await send({ readings });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'BATCH_TOO_LARGE' });
  });

  it('takes the same batch sent twice at once as one store and one retry', async () => {
    const batch = { readings: [{ readingId: 'RS-2026-000301', meteringPoint: JANIS_GAS, readOn: today, value: '4513' }] };
    const answers = (await Promise.all([send(batch), send(batch)])).map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<InboundMeterReadingAnswer>().results[0]!.outcome;
    });
    expect(answers.sort()).toEqual(['already-stored', 'stored']);
  });

  it('lets a revoked token in no more', async () => {
    await ctx.database.db.update(systemClient).set({ revokedAt: new Date() }).where(eq(systemClient.id, 'sc-daugava-reading-system'));
    const response = await send({ readings: [{ readingId: 'RS-2026-000401', meteringPoint: JANIS_GAS, readOn: today, value: '4514' }] });
    expect(response.statusCode).toBe(401);
  });
});
