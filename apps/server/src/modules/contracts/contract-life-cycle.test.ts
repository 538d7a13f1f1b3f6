import { describe, expect, it } from 'vitest';
import { contractStatus } from '@portal/schema/enums';
import { afterSignature, allowedEvents, nextStatus, statusOn } from './contract-life-cycle.ts';

describe('contract life cycle (docs/decisions/030)', () => {
  it('runs a new contract from draft to ended, one step at a time', () => {
    let status = nextStatus('draft', 'submit');
    expect(status).toBe('awaiting-signature');
    status = nextStatus(status, 'sign');
    expect(status).toBe('signed');
    status = nextStatus(status, 'activate');
    expect(status).toBe('active');
    status = nextStatus(status, 'give-notice');
    expect(status).toBe('ending');
    expect(nextStatus(status, 'withdraw-notice')).toBe('active');
    expect(nextStatus(status, 'end')).toBe('ended');
  });

  it('cancels only before the supply starts', () => {
    expect(nextStatus('draft', 'cancel')).toBe('cancelled');
    expect(nextStatus('awaiting-signature', 'cancel')).toBe('cancelled');
    expect(nextStatus('signed', 'cancel')).toBe('cancelled');
    expect(() => nextStatus('active', 'cancel')).toThrow(expect.objectContaining({ code: 'CONTRACT_STATUS_REFUSED' }));
  });

  it('refuses every step out of a final status, and signing twice', () => {
    for (const status of ['ended', 'cancelled'] as const) expect(allowedEvents(status)).toEqual([]);
    expect(() => nextStatus('signed', 'sign')).toThrow(expect.objectContaining({ code: 'CONTRACT_STATUS_REFUSED' }));
    expect(() => nextStatus('active', 'activate')).toThrow(expect.objectContaining({ code: 'CONTRACT_STATUS_REFUSED' }));
    for (const status of contractStatus.options) expect(() => allowedEvents(status)).not.toThrow();
  });

  it('shows a live contract as ending before its end date and ended after it', () => {
    expect(statusOn('active', null, '2026-11-23')).toBe('active');
    expect(statusOn('active', '2026-12-31', '2026-11-23')).toBe('ending');
    expect(statusOn('ending', '2026-11-23', '2026-11-23')).toBe('ending');
    expect(statusOn('ending', '2026-11-22', '2026-11-23')).toBe('ended');
    expect(statusOn('signed', '2026-01-01', '2026-11-23')).toBe('signed');
  });

  it('shows a signed contract as active once its supply has started', () => {
    expect(statusOn('signed', null, '2026-11-23', '2026-12-01')).toBe('signed');
    expect(statusOn('signed', null, '2026-12-01', '2026-12-01')).toBe('active');
    expect(statusOn('signed', '2026-12-31', '2026-12-02', '2026-12-01')).toBe('ending');
  });

  it('settles a signature once: signed, and active when supply starts today or has started', () => {
    expect(afterSignature('awaiting-signature', '2026-12-01', '2026-11-23')).toBe('signed');
    expect(afterSignature('awaiting-signature', '2026-11-23', '2026-11-23')).toBe('active');
    // A repeated callback or finalize finds the contract already past the step and changes nothing.
    expect(afterSignature('signed', '2026-11-23', '2026-11-23')).toBeNull();
    expect(afterSignature('active', '2026-11-23', '2026-11-23')).toBeNull();
    expect(afterSignature('cancelled', '2026-11-23', '2026-11-23')).toBeNull();
  });
});
