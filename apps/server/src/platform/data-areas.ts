import type { DataArea } from '@portal/schema/data-access';

/**
 * Which part of a customer's data a call touches, by its route (Fastify's pattern, e.g. `/api/invoices/:id`), for
 * the audit lines a customer reads in "who looked at my data" (docs/decisions/076). The first matching prefix wins,
 * so the longer ones come first. A route of no customer data (the page shell's calls: who is signed in, the site,
 * texts, logs) is null and never shown; any other unknown route is `other`, so no access goes unlisted.
 */
const AREA_PREFIXES: readonly (readonly [string, DataArea])[] = [
  ['/api/me/bank-accounts', 'contact-details'],
  ['/api/me/contacts', 'contact-details'],
  ['/api/me/primary-contacts', 'contact-details'],
  ['/api/me/addresses', 'contact-details'],
  ['/api/me/outage-contacts', 'contact-details'],
  ['/api/me/outage-addresses', 'contact-details'],
  ['/api/me/membership', 'profile'],
  ['/api/me/email-confirmation', 'profile'],
  ['/api/me/notification', 'notifications'],
  ['/api/me/notifications', 'notifications'],
  ['/api/notifications', 'notifications'],
  ['/api/me/support', 'support'],
  ['/api/me/inbox', 'support'],
  ['/api/support', 'support'],
  ['/api/me/contract-offers', 'contracts'],
  ['/api/me/product-costs', 'contracts'],
  ['/api/me', 'profile'],
  ['/api/dashboard/invoices', 'invoices'],
  ['/api/invoices', 'invoices'],
  ['/api/payments', 'invoices'],
  ['/api/dashboard', 'consumption'],
  ['/api/charts', 'consumption'],
  ['/api/readings', 'consumption'],
  ['/api/meter-readings', 'consumption'],
  ['/api/locations', 'consumption'],
  ['/api/usage-points', 'consumption'],
  ['/api/contracts', 'contracts'],
  // A grid connection's fuse, a new connection and microgeneration are the connection contract's matters (decision 124).
  ['/api/connection-requests', 'contracts'],
  ['/api/products', 'contracts'],
  ['/api/addresses', 'contracts'],
  ['/api/outages', 'outages'],
  ['/api/load-controls', 'power-control'],
];

/** The page shell's calls and public look-ups: they carry no data of the customer. */
const NOT_CUSTOMER_DATA = [
  '/api/info',
  // The staff member's own sessions and the customers they themself may represent, not the customer's data.
  '/api/me/sessions',
  '/api/me/representatives',
  '/api/auth/',
  '/api/site',
  '/api/translations',
  '/api/logs',
  '/api/countries',
  '/api/banks',
  '/api/business/',
  '/api/external-services',
  '/api/feedback/',
  '/api/staff/',
  '/api/admin/',
];

const startsWithPath = (url: string, prefix: string) =>
  url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || (prefix.endsWith('/') && url.startsWith(prefix));

/** Calls that answer for several others at once, with the areas of the calls they answer for. */
const SEVERAL_AREAS: ReadonlyMap<string, readonly DataArea[]> = new Map([
  // The dashboard's first view (decision 136): its cards of consumption, costs and invoices.
  ['/api/dashboard/cards', ['consumption', 'invoices']],
]);

/** The areas a call touches: none for the shell's calls, one for most, each of them for a call that answers for several. */
export function dataAreasOf(routeUrl: string): readonly DataArea[] {
  const several = SEVERAL_AREAS.get(routeUrl);
  if (several) return several;
  if (NOT_CUSTOMER_DATA.some((prefix) => startsWithPath(routeUrl, prefix))) return [];
  for (const [prefix, area] of AREA_PREFIXES) if (startsWithPath(routeUrl, prefix) || routeUrl.startsWith(`${prefix}-`)) return [area];
  return routeUrl.startsWith('/api/') ? ['other'] : [];
}
