import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../test-support/energy-factories.ts';
import { useTestApp } from '../test-support/test-app.ts';
import { energyRepository } from '../modules/readings/energy-repository.ts';
import type { Database, Executor } from './database.ts';
import { nothingToRead, readAlone, readsInOneTurn, readTogether, type Read } from './reads-together.ts';

const TIMEZONE = 'Europe/Helsinki';

/** The database as these reads see it, counting the statements they send (and no one else's: the app's jobs share it). */
function counting(db: Database): { executor: Executor; statements: () => number } {
  let sent = 0;
  const executor = { execute: (query: SQL) => ((sent += 1), db.execute(query)) } as unknown as Executor;
  return { executor, statements: () => sent };
}

/**
 * Decision 135: reads sent together in one statement answer exactly what each answers alone (the JSON they travel
 * in loses no date, order, exact amount or null), and a read with nothing to ask sends nothing.
 */
describe('reads together', () => {
  const ctx = useTestApp();
  let reads: Read<unknown>[] = [];

  beforeAll(async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const contract = await buildContract(db, point, { priceType: 'Hourly', components: [{ kind: 'Margin', priceCents: '0.49000' }] });
    // Two Octobers across the change from summer time, the later one with an estimated hour and a gap of a day.
    for (const year of [2029, 2030]) {
      await insertReadings(db, point.id, {
        from: new Date(`${year}-09-30T21:00:00Z`),
        to: new Date(`${year}-11-01T00:00:00Z`),
        wh: (at) => 400 + at.getUTCHours() * 7,
        measured: (at) => at.getTime() !== Date.parse('2030-10-12T08:00:00Z'),
      });
    }
    await insertSpotPrices(db, 'FI', {
      from: new Date('2030-09-30T21:00:00Z'),
      to: new Date('2030-11-01T00:00:00Z'),
      eurPerMwh: (at) => `${(at.getUTCHours() * 3.217).toFixed(3)}`,
    });
    // A cancelled contract at the same point: billed by no read.
    await buildContract(db, point, { status: 'cancelled', components: [{ kind: 'Base', priceCents: '99.00000' }] });
    const scope = { siteId: 'lumo', customerId: point.customerId };
    const base = { scope, meteringPointIds: [point.id], directions: 'consumption' as const, timezone: TIMEZONE };
    reads = [
      energyRepository.bucketsRead({ ...base, bucket: 'day', from: '2030-10-01', to: '2030-10-31' }),
      energyRepository.bucketsRead({ ...base, bucket: 'day', from: '2029-10-01', to: '2029-10-31', shiftYears: 1 }),
      energyRepository.bucketsRead({ ...base, bucket: 'hour', from: '2030-10-26', to: '2030-10-27', withCost: true }),
      energyRepository.readingsEndRead({ ...base, from: '2030-10-01', to: '2030-10-20', yearsBack: 1 }),
      energyRepository.billedDaysRead({ scope, contractIds: [contract], from: '2030-10-01', to: '2030-10-31', timezone: TIMEZONE }),
      energyRepository.priceRead({ zone: 'FI', bucket: 'day', from: '2030-10-01', to: '2030-10-31', timezone: TIMEZONE }),
      energyRepository.contractsToBillRead(scope, [point.id]),
      // The priced contracts' days by their points, as the expenses card reads them beside the contracts.
      energyRepository.billedDaysRead({ scope, meteringPointIds: [point.id], from: '2030-10-01', to: '2030-10-31', timezone: TIMEZONE }),
    ];
  });

  it('answers as each read alone, in one statement', async () => {
    const db = ctx.database.db;
    const alone = [];
    for (const read of reads) alone.push(await readAlone(db, read));
    // Not empty answers that would agree by having nothing in them.
    expect((alone[0] as { wh: number | null }[]).filter((row) => row.wh !== null)).toHaveLength(31);
    expect((alone[4] as Map<string, unknown[]>).size).toBe(1);
    expect(alone[3]).toEqual({ until: '2030-10-21T00:00', untilDayBackWh: null });
    // Only the priced contract, with its exact price; its days by its point are its days by its id.
    expect(alone[6]).toMatchObject([{ priceType: 'Hourly', components: [{ kind: 'Margin', priceCents: '0.49000' }] }]);
    expect(alone[7]).toEqual(alone[4]);

    const { executor, statements } = counting(db);
    expect(await readTogether(executor, reads)).toEqual(alone);
    expect(statements()).toBe(1);
  });

  it('keeps each read in its own order, not the order rows happened to come in', async () => {
    const [days] = (await readTogether(ctx.database.db, [reads[0]!, reads[1]!])) as [{ key: string }[], unknown];
    expect(days.map((row) => row.key)).toEqual([...days.map((row) => row.key)].sort());
    expect(days[0]!.key).toBe('2030-10-01T00:00');
  });

  it('sends nothing for reads with nothing to ask, and a lone read as it is', async () => {
    const { executor, statements } = counting(ctx.database.db);
    expect(await readTogether(executor, [nothingToRead(null), nothingToRead([])])).toEqual([null, []]);
    expect(statements()).toBe(0);
    const [alone, nothing] = await readTogether(executor, [reads[3]!, nothingToRead('none')]);
    expect([alone, nothing]).toEqual([{ until: '2030-10-21T00:00', untilDayBackWh: null }, 'none']);
    expect(statements()).toBe(1);
  });

  it("sends the reads of work whose parts run side by side as one statement per turn, each part's own answers (decision 136)", async () => {
    const db = ctx.database.db;
    const alone = [];
    for (const read of reads.slice(0, 5)) alone.push(await readAlone(db, read));
    const { executor, statements } = counting(db);
    const answers = await readsInOneTurn(executor, () =>
      Promise.all([
        readAlone(executor, reads[0]!),
        readTogether(executor, [reads[1]!, reads[2]!, nothingToRead('none')]),
        // A part that reads after its first read: its second read goes with the next turn's.
        (async () => [await readAlone(executor, reads[3]!), await readAlone(executor, reads[4]!)])(),
      ]),
    );
    expect(answers).toEqual([alone[0], [alone[1], alone[2], 'none'], [alone[3], alone[4]]]);
    expect(statements()).toBe(2);
  });

  it('leaves the reads through another executor (a transaction) apart, and fails each read of a failed statement', async () => {
    const db = ctx.database.db;
    const batched = counting(db);
    const other = counting(db);
    await readsInOneTurn(batched.executor, () => Promise.all([readAlone(other.executor, reads[0]!), readAlone(other.executor, reads[1]!)]));
    expect([batched.statements(), other.statements()]).toEqual([0, 2]);

    const broken: Read<unknown> = {
      sql: sql`select no_such_column from metering_point`,
      orderBy: ['no_such_column'],
      decode: (rows) => rows,
    };
    const settled = await readsInOneTurn(db, () =>
      Promise.allSettled([readAlone(db, reads[0]!), readAlone(db, broken), readAlone(db, reads[3]!)]),
    );
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });
});
