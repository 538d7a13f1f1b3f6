import { describe, expect, it } from 'vitest';
import { moveOutOffered, pageOffered } from './pages.ts';

describe('pages a site offers', () => {
  it('offers signing wherever contracts are, and the offer pages where renewals are offered and managed', () => {
    expect(pageOffered('/contracts/sign', ['CONTRACTS'])).toBe(true);
    expect(pageOffered('/contracts/sign/confirmation', ['CONTRACTS'])).toBe(true);
    expect(pageOffered('/contracts/ct-1/offer', ['CONTRACTS'])).toBe(false);
    expect(pageOffered('/contracts/ct-1/offer/confirmation', ['CONTRACTS', 'RENEWAL_OFFERS'])).toBe(true);
    expect(pageOffered('/contracts/ct-1/offer', ['CONTRACTS', 'RENEWAL_OFFERS', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(false);
  });

  it('offers the move-out pages where contracts are and customers manage them', () => {
    expect(pageOffered('/contracts/ct-1/move-out', ['CONTRACTS'])).toBe(true);
    expect(pageOffered('/contracts/ct-1/move-out/confirmation', ['CONTRACTS'])).toBe(true);
    expect(pageOffered('/contracts/ct-1/move-out', ['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(false);
    expect(pageOffered('/contracts/ct-1/move-out', ['INVOICES'])).toBe(false);
    expect(pageOffered('/contracts', ['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(true);
    expect(moveOutOffered(['CONTRACTS'])).toBe(true);
    expect(moveOutOffered(['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(false);
  });

  it('offers the administrators’ announcements page only where the site runs announcements', () => {
    expect(pageOffered('/admin/announcements', ['PORTAL_ANNOUNCEMENTS'])).toBe(true);
    expect(pageOffered('/admin/announcements', ['FEEDBACK'])).toBe(false);
    expect(pageOffered('/admin/feedback', ['FEEDBACK'])).toBe(true);
  });
});
