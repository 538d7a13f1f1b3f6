import { describe, expect, it } from 'vitest';
import type { GridContractRow } from './network-product-repository.ts';
import { networkProductState } from './network-product-rules.ts';

/** A grid contract as stored, with only what the rule reads set. */
const row = (values: Partial<GridContractRow> & Pick<GridContractRow, 'id' | 'status' | 'startDate'>) =>
  ({ endDate: null, startReason: null, renewsContractId: null, productId: null, productName: 'Yleissiirto', ...values }) as GridContractRow;

const connected = row({ id: 'first', status: 'ending', startDate: '2020-01-01', endDate: '2026-12-31' });
const changed = row({
  id: 'second',
  status: 'signed',
  startDate: '2027-01-01',
  startReason: 'product-change',
  renewsContractId: 'first',
  productName: 'Tehosiirto',
});

describe('where a point’s grid contracts stand (decision 127)', () => {
  it('sees a signed change that follows the contract in force as pending, counted from its first day', () => {
    expect(networkProductState([changed, connected], '2026-12-15')).toMatchObject({
      current: { id: 'first' },
      pending: { id: 'second' },
      lastChange: { id: 'second' },
      takesEffect: '2027-01-01',
      nextChangeFrom: '2028-01-01',
    });
  });

  it('on the day it takes effect, before the hourly job writes it, reads the change as the contract in force', () => {
    expect(networkProductState([changed, connected], '2027-01-01')).toMatchObject({
      current: { id: 'second' },
      pending: undefined,
      lastChange: { id: 'second' },
      takesEffect: '2027-02-01',
      nextChangeFrom: '2028-01-01',
    });
  });

  it('counts neither the product chosen at connection nor a cancelled change', () => {
    const active = { ...connected, status: 'active' as const, endDate: null };
    expect(networkProductState([{ ...changed, status: 'cancelled' }, active], '2026-12-15')).toMatchObject({
      current: { id: 'first' },
      pending: undefined,
      lastChange: undefined,
      nextChangeFrom: '2027-01-01',
    });
  });

  it('lets a change take effect twelve months after the last one, not a day sooner', () => {
    const inForce = { ...changed, status: 'active' as const, startDate: '2026-01-01' };
    expect(networkProductState([inForce], '2026-12-31').nextChangeFrom).toBe('2027-01-01');
    expect(networkProductState([{ ...inForce, startDate: '2026-02-01' }], '2026-12-31').nextChangeFrom).toBe('2027-02-01');
  });
});
