import type { ContractStatus } from '@portal/schema/enums';
import { AppError } from '../../platform/errors.ts';

/**
 * The one place a contract's status moves (docs/decisions/030-contract-life-cycle.md). Every service that
 * changes a contract asks `nextStatus` and writes what it answers; a refused step throws, so no caller can
 * write a status the life cycle does not allow.
 */
export const CONTRACT_EVENTS = ['submit', 'sign', 'activate', 'give-notice', 'withdraw-notice', 'end', 'cancel'] as const;
export type ContractEvent = (typeof CONTRACT_EVENTS)[number];

const TRANSITIONS: Record<ContractStatus, Partial<Record<ContractEvent, ContractStatus>>> = {
  draft: { submit: 'awaiting-signature', cancel: 'cancelled' },
  'awaiting-signature': { sign: 'signed', cancel: 'cancelled' },
  signed: { activate: 'active', cancel: 'cancelled' },
  active: { 'give-notice': 'ending', end: 'ended' },
  ending: { 'withdraw-notice': 'active', end: 'ended' },
  ended: {},
  cancelled: {},
};

/** Statuses in which energy is delivered and billed under the contract. */
export const LIVE_STATUSES: readonly ContractStatus[] = ['active', 'ending'];

/** Statuses that never change again. */
export const FINAL_STATUSES: readonly ContractStatus[] = ['ended', 'cancelled'];

export function nextStatus(current: ContractStatus, event: ContractEvent): ContractStatus {
  const next = TRANSITIONS[current][event];
  if (!next) throw new AppError('CONTRACT_STATUS_REFUSED', `A contract that is ${current} cannot ${event}`);
  return next;
}

export function allowedEvents(current: ContractStatus): ContractEvent[] {
  return CONTRACT_EVENTS.filter((event) => TRANSITIONS[current][event] !== undefined);
}

/**
 * What the customer sees on a given day: a live contract whose end date has passed has ended, and one with an
 * end date ahead is ending, even before the nightly job has written the step; a signed contract whose supply has
 * started is active (the step `activate` is written when the signing settles on or after the start day). The
 * status stored stays the truth for every other status.
 */
export function statusOn(stored: ContractStatus, endDate: string | null, today: string, startDate?: string): ContractStatus {
  if (stored === 'signed' && startDate !== undefined && startDate <= today) return statusOn('active', endDate, today);
  if (!LIVE_STATUSES.includes(stored)) return stored;
  if (endDate !== null && endDate < today) return 'ended';
  if (endDate !== null) return 'ending';
  return stored;
}

/**
 * A signature settles a contract awaiting it: signed, and active at once when its supply starts today or has
 * started. A contract already past awaiting-signature is left as it is (a repeated callback or finalize), so a
 * contract is signed and activated once.
 */
export function afterSignature(current: ContractStatus, startDate: string, today: string): ContractStatus | null {
  if (current !== 'awaiting-signature') return null;
  const signed = nextStatus(current, 'sign');
  return startDate <= today ? nextStatus(signed, 'activate') : signed;
}
