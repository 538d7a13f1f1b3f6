import type { SiteFeature } from './features.ts';
import { POWER_FEATURES } from './power-features.ts';

/*
 * Which of the app's pages a site offers, read by the web app (links, route guards) and by the server (HTTP 404
 * for a page the site does not offer). Free of zod, so the shell's first load can read it.
 */

/** Spec §2: the steps of the payment flow, each a page under /invoices/{id}/. */
export const PAYMENT_STEPS = ['payment-processing', 'confirmation', 'waiting-confirmation', 'failed'] as const;
export type PaymentStep = (typeof PAYMENT_STEPS)[number];

export const isPaymentStep = (value: string): value is PaymentStep => (PAYMENT_STEPS as readonly string[]).includes(value);

/** Areas of pages that exist only where at least one of their features is on, by their first path segment. */
const AREA_FEATURES: Record<string, readonly SiteFeature[]> = {
  invoices: ['INVOICES'],
  contracts: ['CONTRACTS'],
  'power-control': POWER_FEATURES,
  outages: ['OUTAGES'],
  support: ['SUPPORT'],
  // Replies to contact requests are the inbox's only source so far (docs/decisions/054).
  inbox: ['SUPPORT'],
  // A network operator's connections and solar (docs/decisions/124).
  'connection-requests': ['CONNECTION_REQUESTS'],
};

/** Path parameters whose every value the app knows: another value names no page. */
export const PAGE_PARAMETER_VALUES: Record<string, Record<string, readonly string[]>> = {
  '/invoices/$id/$step': { step: PAYMENT_STEPS },
};

/**
 * Pages of an area that a site offers only under a further rule, by their path below the area's id segment:
 * a move-out is contract management, which CONTRACT_MANAGEMENT_DISABLED hands to customer service
 * (docs/decisions/032-move-out.md).
 */
const PAGE_RULES: { pattern: RegExp; offered: (features: readonly string[]) => boolean }[] = [
  // The admin area's pages of a feature: the translation editor and the feedback survey (docs/decisions/073).
  { pattern: /^\/admin\/translations\/?$/i, offered: (features) => features.includes('ADMIN_LOCALIZATION') },
  { pattern: /^\/admin\/feedback\/?$/i, offered: (features) => features.includes('FEEDBACK') },
  {
    pattern: /^\/contracts\/[^/]+\/move-out(\/confirmation)?\/?$/i,
    offered: (features) => !features.includes('CONTRACT_MANAGEMENT_DISABLED'),
  },
  // A renewal is contract management too, and needs the offers (docs/decisions/035-sign-flow.md).
  {
    pattern: /^\/contracts\/[^/]+\/offer(\/confirmation)?\/?$/i,
    offered: (features) => features.includes('RENEWAL_OFFERS') && !features.includes('CONTRACT_MANAGEMENT_DISABLED'),
  },
  // A network operator's customers change their grid contract's network product (docs/decisions/127).
  {
    pattern: /^\/contracts\/[^/]+\/network-product\/?$/i,
    offered: (features) => features.includes('NETWORK_PRODUCT_CHANGE') && !features.includes('CONTRACT_MANAGEMENT_DISABLED'),
  },
  // The administrators' announcements page exists where the site runs announcements (docs/decisions/059).
  // Customer service's queue of connection requests, where the site takes them (docs/decisions/124).
  { pattern: /^\/staff\/connection-requests\/?$/i, offered: (features) => features.includes('CONNECTION_REQUESTS') },
  // A network operator's staff publish planned outages where the site shows outages (docs/decisions/126).
  { pattern: /^\/staff\/outages\/?$/i, offered: (features) => features.includes('OUTAGES') },
  {
    pattern: /^\/admin\/announcements\/?$/i,
    offered: (features) => features.includes('PORTAL_ANNOUNCEMENTS'),
  },
];

/** Whether the site's features offer the page at `path` (a page outside every feature area always is). */
export function pageOffered(path: string, features: readonly string[]): boolean {
  const area = path.split('/').find(Boolean)?.toLowerCase() ?? '';
  const needed = AREA_FEATURES[area];
  if (needed && !needed.some((feature) => features.includes(feature))) return false;
  return PAGE_RULES.every((rule) => !rule.pattern.test(path) || rule.offered(features));
}

/** Whether the site lets customers report a move-out themselves (the /contracts entry point and its pages). */
export const moveOutOffered = (features: readonly string[]) => pageOffered('/contracts/any/move-out', features);

/** Whether the site offers renewals through an offer (the /contracts entry point and the offer pages). */
export const offerOffered = (features: readonly string[]) => pageOffered('/contracts/any/offer', features);

/** Whether the site lets customers compare and change their network product (the grid contract's entry point and page). */
export const networkProductOffered = (features: readonly string[]) => pageOffered('/contracts/any/network-product', features);
