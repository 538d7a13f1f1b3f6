import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import type { ContractStatus } from '@portal/schema/enums';
import { contract } from '../../db/schema/energy.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { buildContract, buildMeteringPoint } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { advanceContractsJob } from './advance-contracts.ts';

describe('the contract life cycle on the calendar', () => {
  const ctx = useTestApp();

  it("activates signed contracts on their start day and ends live ones after their end date, on the site's clock", async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', street: 'Kalliotie 3', city: 'Espoo' });
    const today = todayIn('Europe/Helsinki');
    const components = [{ kind: 'Base' as const, priceCents: '9.5' }];
    const cases: [string, { status: ContractStatus; startDate?: string; endDate?: string | null }, ContractStatus][] = [
      ['starts today', { status: 'signed', startDate: today }, 'active'],
      ['starts tomorrow', { status: 'signed', startDate: addDays(today, 1) }, 'signed'],
      ['ended yesterday', { status: 'active', endDate: addDays(today, -1) }, 'ended'],
      ['given notice, ended yesterday', { status: 'ending', endDate: addDays(today, -1) }, 'ended'],
      ['ends today', { status: 'ending', endDate: today }, 'ending'],
      ['until further notice', { status: 'active', endDate: null }, 'active'],
      ['awaiting signature past its start', { status: 'awaiting-signature', startDate: addDays(today, -3) }, 'awaiting-signature'],
    ];
    const ids = [];
    for (const [, options] of cases) ids.push(await buildContract(db, point, { ...options, components }));

    await enqueue(db, advanceContractsJob, {});
    expect(await ctx.app.jobs.runDue()).toContainEqual(expect.objectContaining({ kind: 'contracts.advance-life-cycle', outcome: 'done' }));

    for (const [index, [name, , expected]] of cases.entries()) {
      const [row] = await db.select({ status: contract.status }).from(contract).where(eq(contract.id, ids[index]!));
      expect({ name, status: row?.status }).toEqual({ name, status: expected });
    }
  });
});
