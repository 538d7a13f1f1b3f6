import { describe, expect, it } from 'vitest';
import { dataAreasOf } from './data-areas.ts';

describe('the data area of a staff call', () => {
  it.each([
    ['/api/invoices', 'invoices'],
    ['/api/invoices/:invoiceNumber/postpone', 'invoices'],
    ['/api/dashboard/invoices', 'invoices'],
    ['/api/dashboard/statistics/consumption', 'consumption'],
    ['/api/me', 'profile'],
    ['/api/me/contacts', 'contact-details'],
    ['/api/me/notification-settings/:id', 'notifications'],
    ['/api/me/inbox', 'support'],
    ['/api/contracts/:id', 'contracts'],
    ['/api/load-controls/plans', 'power-control'],
    ['/api/something-new', 'other'],
  ])('files %s under %s', (route, area) => {
    expect(dataAreasOf(route)).toEqual([area]);
  });

  it('files the dashboard’s first view under each area of the cards it answers for (decision 136)', () => {
    expect(dataAreasOf('/api/dashboard/cards')).toEqual(['consumption', 'invoices']);
  });

  it.each([
    '/api/info',
    '/api/auth/session',
    '/api/translations/:locale',
    '/api/me/sessions',
    '/api/me/representatives',
    '/api/staff/customers',
  ])('files the shell’s and the staff member’s own call %s under none', (route) => {
    expect(dataAreasOf(route)).toEqual([]);
  });
});
