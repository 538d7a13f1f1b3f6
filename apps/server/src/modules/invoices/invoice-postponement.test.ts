import { describe, expect, it } from 'vitest';
import { checkPostponement, postponementError, postponementWindow, type PostponementFacts } from './invoice-postponement.ts';

const unpaid: PostponementFacts = {
  paymentStatus: 'unpaid',
  dueDate: '2026-11-26',
  originalDueDate: '2026-11-26',
  postponementsUsed: 0,
  nextInvoiceDueDate: null,
  today: '2026-11-22',
  advanced: false,
};

describe('invoice postponement rules (docs/decisions/010-invoice-postponement.md)', () => {
  it('offers the day after the due date up to 14 days past the original due date', () => {
    expect(postponementWindow(unpaid)).toMatchObject({
      allowed: true,
      minDate: '2026-11-27',
      maxDate: '2026-12-10',
      postponementsAllowed: 1,
    });
    expect(checkPostponement(unpaid, '2026-12-10')).toBeNull();
    expect(checkPostponement(unpaid, '2026-12-11')).toBe('POSTPONE_DATE_TOO_FAR');
  });

  it('refuses a paid invoice', () => {
    expect(checkPostponement({ ...unpaid, paymentStatus: 'paid' }, '2026-12-01')).toBe('INVOICE_ALREADY_PAID');
    expect(postponementWindow({ ...unpaid, paymentStatus: 'paid' })).toMatchObject({ allowed: false, refusal: 'INVOICE_ALREADY_PAID' });
  });

  it('allows one postponement per invoice', () => {
    const once = { ...unpaid, dueDate: '2026-12-01', postponementsUsed: 1 };
    expect(checkPostponement(once, '2026-12-05')).toBe('POSTPONEMENT_LIMIT_REACHED');
  });

  it('refuses a date that is not later than the current due date', () => {
    expect(checkPostponement(unpaid, '2026-11-26')).toBe('POSTPONE_DATE_NOT_LATER');
    expect(checkPostponement(unpaid, '2026-11-20')).toBe('POSTPONE_DATE_NOT_LATER');
  });

  it('refuses a date in the past for an overdue invoice', () => {
    const overdue = { ...unpaid, dueDate: '2026-11-15', originalDueDate: '2026-11-15' };
    expect(checkPostponement(overdue, '2026-11-20')).toBe('POSTPONE_DATE_IN_PAST');
    expect(postponementWindow(overdue)).toMatchObject({ allowed: true, minDate: '2026-11-22', maxDate: '2026-11-29' });
  });

  it('never moves past the next invoice’s due date', () => {
    const next = { ...unpaid, nextInvoiceDueDate: '2026-12-03' };
    expect(postponementWindow(next)).toMatchObject({ maxDate: '2026-12-03' });
    expect(checkPostponement(next, '2026-12-03')).toBeNull();
    expect(checkPostponement(next, '2026-12-04')).toBe('POSTPONE_DATE_PAST_NEXT_INVOICE');
  });

  it('closes the window when even the earliest date is out of reach', () => {
    const longOverdue = { ...unpaid, dueDate: '2026-10-26', originalDueDate: '2026-10-26' };
    expect(postponementWindow(longOverdue)).toMatchObject({ allowed: false, refusal: 'POSTPONEMENT_WINDOW_CLOSED' });
  });

  it('with ADVANCED_INVOICE_POSTPONEMENT allows 30 days and twice, counted from the original due date', () => {
    const advanced = { ...unpaid, advanced: true };
    expect(postponementWindow(advanced)).toMatchObject({ maxDate: '2026-12-26', postponementsAllowed: 2 });
    const second = { ...advanced, dueDate: '2026-12-10', postponementsUsed: 1 };
    expect(checkPostponement(second, '2026-12-26')).toBeNull();
    expect(checkPostponement(second, '2026-12-27')).toBe('POSTPONE_DATE_TOO_FAR');
    expect(checkPostponement({ ...second, postponementsUsed: 2 }, '2026-12-20')).toBe('POSTPONEMENT_LIMIT_REACHED');
  });

  it('explains each refusal as a business refusal with a code and a message', () => {
    const paid = postponementError('INVOICE_ALREADY_PAID', unpaid);
    expect(paid).toMatchObject({ kind: 'refused', code: 'INVOICE_ALREADY_PAID' });
    const far = postponementError('POSTPONE_DATE_TOO_FAR', unpaid);
    expect(far).toMatchObject({ kind: 'refused', code: 'POSTPONE_DATE_TOO_FAR' });
    expect(far.message).toContain('2026-12-10');
  });
});
