import { describe, expect, it } from 'vitest';
import { moveOutOffered, networkProductOffered, pageOffered } from './pages.ts';

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

  it('offers the network product page where the operator lets customers change it and they manage contracts (decision 127)', () => {
    expect(pageOffered('/contracts/ct-1/network-product', ['CONTRACTS', 'NETWORK_PRODUCT_CHANGE'])).toBe(true);
    expect(pageOffered('/contracts/ct-1/network-product', ['CONTRACTS'])).toBe(false);
    expect(pageOffered('/contracts/ct-1/network-product', ['NETWORK_PRODUCT_CHANGE'])).toBe(false);
    expect(networkProductOffered(['CONTRACTS', 'NETWORK_PRODUCT_CHANGE', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(false);
  });

  it('offers the administrators’ announcements page only where the site runs announcements', () => {
    expect(pageOffered('/admin/announcements', ['PORTAL_ANNOUNCEMENTS'])).toBe(true);
    expect(pageOffered('/admin/announcements', ['FEEDBACK'])).toBe(false);
    expect(pageOffered('/admin/feedback', ['FEEDBACK'])).toBe(true);
  });
});
