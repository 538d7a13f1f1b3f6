import { beforeAll, describe, expect, it } from 'vitest';
import { RELEASED_FEATURES } from '@portal/schema/features';
import { seedDemoEnergy } from '../db/seed/demo-energy.ts';
import { DEMO_SITES } from '../db/seed/demo-sites.ts';
import { gsrn } from '../db/seed/demo-energy-catalogue.ts';
import { seedDemoPower } from '../db/seed/demo-power.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';

const lumo = DEMO_SITES.find(({ id }) => id === 'lumo')!;

type Persona = 'anonymous' | 'customerA' | 'customerB' | 'representative' | 'staff' | 'otherSiteAdmin' | 'siteAdmin';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown; expected: Record<Persona, number> };

const everyone = (status: number): Record<Persona, number> => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  representative: status,
  staff: status,
  otherSiteAdmin: status,
  siteAdmin: status,
});
const signedIn = (status: number): Record<Persona, number> => ({ ...everyone(status), anonymous: 401 });
/** Calls of a customer's own data: people with no customer on the site (staff not acting, admins) get 403. */
const customersOnly = (status: number): Record<Persona, number> => ({
  ...signedIn(403),
  customerA: status,
  customerB: status,
  representative: status,
});

/** An announcement every check of the admin calls accepts, so only the caller decides the answer. */
const matrixAnnouncement = {
  audience: 'all',
  utility: null,
  severity: 'info',
  validFrom: '2030-01-01 00:00',
  validUntil: '2030-01-02 00:00',
  texts: [{ locale: 'en-GB', title: 'Matrix', body: '<p>Matrix</p>' }],
};

/**
 * Every route built so far, for every kind of caller. Grows with each module: a new route without a row
 * here is a route nobody proved safe.
 */
const calls: Call[] = [
  { method: 'GET', url: '/api/site', expected: everyone(200) },
  { method: 'GET', url: '/api/translations/en-GB', expected: everyone(200) },
  { method: 'GET', url: '/api/countries', expected: everyone(200) },
  { method: 'GET', url: '/api/countries/EE', expected: everyone(200) },
  { method: 'GET', url: '/api/external-services?type=PRIVACY_POLICY', expected: everyone(200) },
  { method: 'POST', url: '/api/logs', body: { message: 'matrix', level: 'info' }, expected: everyone(201) },
  // Auth.js: the session of whoever asks (null for strangers), CSRF token and providers are public.
  { method: 'GET', url: '/api/auth/session', expected: everyone(200) },
  { method: 'GET', url: '/api/auth/csrf', expected: everyone(200) },
  { method: 'GET', url: '/api/auth/providers', expected: everyone(200) },
  { method: 'POST', url: '/api/auth/_log', body: { message: 'matrix', level: 'info' }, expected: everyone(204) },
  // Sign-in without the CSRF token Auth.js issued is sent back to the sign-in page with an error.
  { method: 'POST', url: '/api/auth/signin/eid', body: {}, expected: everyone(302) },
  { method: 'GET', url: '/api/auth/callback/eid', expected: everyone(302) },
  { method: 'POST', url: '/api/auth/callback/eid', body: {}, expected: everyone(302) },
  { method: 'GET', url: '/api/auth/signin/eid', expected: everyone(302) },
  { method: 'GET', url: '/api/me', expected: signedIn(200) },
  {
    method: 'PUT',
    url: '/api/me',
    // en-GB: a language every demo site offers (a language the site lacks is refused, profile.test.ts).
    body: { email: null, phone: '+358 40 1234567', preferredLocale: 'en-GB', contactPreference: 'phone' },
    expected: signedIn(200),
  },
  { method: 'GET', url: '/api/me/representatives', expected: signedIn(200) },
  // Settings (issue 10): a link nobody was sent is 404 for everyone signed in; bank accounts are the acting customer's.
  { method: 'POST', url: '/api/me/email-confirmation', body: { token: 'no-such-token-0123456789' }, expected: signedIn(404) },
  { method: 'GET', url: '/api/me/bank-accounts', expected: customersOnly(200) },
  // A copy of everything about me (decision 110): each customer's own; another's copy (or none) is 404.
  { method: 'GET', url: '/api/me/data-exports', expected: customersOnly(200) },
  // Closing my account (decision 122): each customer's own request; the matrix's customers have contracts in force.
  { method: 'GET', url: '/api/me/erasure-request', expected: customersOnly(200) },
  { method: 'POST', url: '/api/me/erasure-request', expected: customersOnly(422) },
  { method: 'POST', url: '/api/me/data-exports', expected: customersOnly(202) },
  { method: 'GET', url: '/api/me/data-exports/00000000-0000-4000-8000-000000000000/download', expected: customersOnly(404) },
  {
    method: 'POST',
    url: '/api/me/bank-accounts',
    body: { iban: 'FI21 1234 5600 0007 85', ownerName: 'Matrix' },
    expected: customersOnly(201),
  },
  { method: 'DELETE', url: '/api/me/bank-accounts/00000000-0000-4000-8000-000000000000', expected: customersOnly(404) },
  { method: 'GET', url: '/api/me/contacts', expected: customersOnly(200) },
  { method: 'GET', url: '/api/me/primary-contacts', expected: customersOnly(200) },
  {
    method: 'PUT',
    url: '/api/me/contacts',
    body: { contacts: [{ name: 'Matrix', method: 'Email', value: 'matrix@example.fi', primary: true }] },
    expected: customersOnly(200),
  },
  { method: 'GET', url: '/api/me/addresses?requestType=usage&isWithActiveContractOnly=true', expected: customersOnly(200) },
  {
    method: 'PUT',
    url: '/api/me/addresses/postal',
    body: { street: 'Mannerheimintie 1', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' },
    expected: customersOnly(200),
  },
  { method: 'GET', url: '/api/me/notification-subjects', expected: customersOnly(200) },
  { method: 'GET', url: '/api/me/notification-settings?filter=DAILY_CONSUMPTION', expected: customersOnly(200) },
  {
    method: 'POST',
    url: '/api/me/notification-settings',
    body: { subject: 'DAILY_CONSUMPTION', channel: 'Post', enabled: true, threshold: { lower: null, upper: 40 }, contactsIds: [] },
    expected: customersOnly(201),
  },
  {
    method: 'PUT',
    url: '/api/me/notification-settings/999999',
    body: { enabled: false, threshold: null, contactsIds: [] },
    expected: customersOnly(404),
  },
  {
    method: 'POST',
    url: '/api/me/representatives',
    body: { representativeCode: 'rc-lumo-aino-revontuli' },
    expected: { ...signedIn(403), customerA: 200, representative: 200 },
  },
  { method: 'GET', url: '/api/info', expected: signedIn(200) },
  {
    method: 'POST',
    url: '/api/staff/acting-customer',
    body: { clientCode: 'LUMO-100002' },
    expected: { ...signedIn(403), staff: 200 },
  },
  { method: 'DELETE', url: '/api/staff/acting-customer', expected: { ...signedIn(403), staff: 204 } },
  // Customer-service workspace (issue 13): finding customers of this site is customer service's alone.
  { method: 'GET', url: '/api/staff/customers?q=Virtanen', expected: { ...signedIn(403), staff: 200 } },
  { method: 'GET', url: '/api/staff/customers/LUMO-100002', expected: { ...signedIn(403), staff: 200 } },
  { method: 'GET', url: '/api/staff/recent-customers', expected: { ...signedIn(403), staff: 200 } },
  // Closing my account (decision 122): the queue and carrying out are customer service's; an unknown request is 404.
  { method: 'GET', url: '/api/staff/erasure-requests', expected: { ...signedIn(403), staff: 200 } },
  {
    method: 'POST',
    url: '/api/staff/erasure-requests/00000000-0000-4000-8000-000000000000/carry-out',
    expected: { ...signedIn(403), staff: 404 },
  },
  // Who looked at my data: the acting customer's; active sessions: anyone signed in, their own only.
  { method: 'GET', url: '/api/me/data-access', expected: customersOnly(200) },
  { method: 'GET', url: '/api/me/sessions', expected: signedIn(200) },
  { method: 'DELETE', url: '/api/me/sessions/00000000-0000-4000-8000-000000000000', expected: signedIn(404) },
  { method: 'POST', url: '/api/me/sessions/sign-out-others', expected: signedIn(200) },
  { method: 'GET', url: '/api/admin/locales', expected: { ...signedIn(403), siteAdmin: 200, otherSiteAdmin: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/domains', expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/locales', expected: { ...signedIn(403), siteAdmin: 200 } },
  // The admin area (issue 13): writes leave Lumo as seeded, so other rows meet the same site.
  { method: 'GET', url: '/api/admin/site/lumo', expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'PATCH', url: '/api/admin/site/lumo', body: { timezone: lumo.timezone }, expected: { ...signedIn(403), siteAdmin: 200 } },
  {
    method: 'PUT',
    url: '/api/admin/site/lumo/locales',
    body: { locales: lumo.locales, defaultLocaleId: lumo.defaultLocaleId },
    expected: { ...signedIn(403), siteAdmin: 200 },
  },
  { method: 'POST', url: '/api/admin/site/lumo/domains', body: { host: lumo.domains[1] }, expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'DELETE', url: '/api/admin/site/lumo/domains/nowhere.example', expected: { ...signedIn(403), siteAdmin: 404 } },
  {
    method: 'PUT',
    url: '/api/admin/site/lumo/meta-fields',
    body: { localeId: 'en-GB', title: lumo.meta['en-GB']!.TITLE, description: lumo.meta['en-GB']!.DESCRIPTION },
    expected: { ...signedIn(403), siteAdmin: 200 },
  },
  {
    method: 'PUT',
    url: '/api/admin/site/lumo/features',
    body: { features: lumo.features.filter((feature) => RELEASED_FEATURES.has(feature)) },
    expected: { ...signedIn(403), siteAdmin: 200 },
  },
  {
    method: 'PUT',
    url: '/api/admin/site/lumo/external-services',
    body: {
      contactLinks: lumo.contacts.map(({ type, url, label, localeId }) => ({
        type,
        url,
        label: label ?? null,
        localeId: localeId ?? null,
      })),
      links: lumo.links.map(({ type, url, label, localeId }) => ({ type, url, label: label ?? null, localeId: localeId ?? null })),
    },
    expected: { ...signedIn(403), siteAdmin: 200 },
  },
  { method: 'GET', url: '/api/admin/site/lumo/payee', expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'PUT', url: '/api/admin/site/lumo/payee', body: lumo.payee, expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/translations?locale=fi-FI', expected: { ...signedIn(403), siteAdmin: 200 } },
  {
    method: 'PATCH',
    url: '/api/admin/site/lumo/translations?locale=fi-FI',
    body: { translations: { 'no.such.key': 'x' } },
    expected: { ...signedIn(403), siteAdmin: 400 },
  },
  { method: 'GET', url: '/api/admin/site/lumo/audit', expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/audit.csv', expected: { ...signedIn(403), siteAdmin: 200 } },
  // Feedback survey: any signed-in person on a site that runs it; an unknown form is 404.
  { method: 'GET', url: '/api/feedback/form', expected: signedIn(200) },
  { method: 'PUT', url: '/api/feedback/send', body: { formId: 'none', rating: 3 }, expected: signedIn(404) },
  { method: 'GET', url: '/api/admin/site/lumo/feedback-form', expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'POST', url: '/api/admin/site/lumo/feedback-form/add', expected: { ...signedIn(403), siteAdmin: 201 } },
  {
    method: 'PATCH',
    url: '/api/admin/site/lumo/feedback-form/update',
    body: { formId: 'none', active: true },
    expected: { ...signedIn(403), siteAdmin: 404 },
  },
  {
    method: 'DELETE',
    url: '/api/admin/site/lumo/feedback-submissions',
    body: { formId: 'none' },
    expected: { ...signedIn(403), siteAdmin: 404 },
  },
  { method: 'GET', url: '/api/admin/site/lumo/feedback/none', expected: { ...signedIn(403), siteAdmin: 404 } },
  // Portal announcements (docs/decisions/059): the banner's call names the acting customer's own client code (Aino's
  // here), so anyone else acting for a customer gets 404; the admin calls are the site administrator's of Lumo only.
  { method: 'GET', url: '/api/announcements/LUMO-100001?locale=en-GB', expected: { ...customersOnly(404), customerA: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/announcements', expected: { ...signedIn(403), siteAdmin: 200 } },
  {
    method: 'POST',
    url: '/api/admin/site/lumo/announcements',
    body: matrixAnnouncement,
    expected: { ...signedIn(403), siteAdmin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/admin/site/lumo/announcements/none',
    body: matrixAnnouncement,
    expected: { ...signedIn(403), siteAdmin: 404 },
  },
  { method: 'DELETE', url: '/api/admin/site/lumo/announcements/none', expected: { ...signedIn(403), siteAdmin: 404 } },
  // Support and the inbox (issue 11): a customer's own tickets and messages; the queue is customer service's of this site.
  ...['/api/support/topics', '/api/support/subtypes?locale=en-GB', '/api/support/channels', '/api/me/support/tickets', '/api/me/inbox'].map(
    (url): Call => ({ method: 'GET', url, expected: customersOnly(200) }),
  ),
  {
    method: 'POST',
    url: '/api/support/send',
    body: { name: 'Matrix', subtypeCode: 'GENERAL', message: 'Matrix' },
    expected: customersOnly(201),
  },
  { method: 'POST', url: '/api/me/support/tickets', body: { subtypeCode: 'GENERAL', message: 'Matrix' }, expected: customersOnly(201) },
  { method: 'GET', url: '/api/support/tickets/tk-lumo-aino-1', expected: { ...customersOnly(404), customerA: 200 } },
  // A file is found only under a ticket of the caller's (attachments.test.ts proves B and another site get none of A's).
  { method: 'GET', url: '/api/support/tickets/tk-lumo-aino-1/attachments/none', expected: customersOnly(404) },
  { method: 'GET', url: '/api/staff/support/tickets/tk-lumo-aino-1/attachments/none', expected: { ...signedIn(403), staff: 404 } },
  {
    method: 'POST',
    url: '/api/support/tickets/no-such-ticket/comments',
    body: { comment: 'Matrix' },
    expected: customersOnly(404),
  },
  { method: 'POST', url: '/api/support/tickets/no-such-ticket/close', body: { status: 'TS3' }, expected: customersOnly(404) },
  // Advanced support on Lumo: an open ticket of A's cannot be rated yet (422); B finds no such ticket.
  {
    method: 'POST',
    url: '/api/support/tickets/tk-lumo-aino-1/satisfaction',
    body: { rating: 5 },
    expected: { ...customersOnly(404), customerA: 422 },
  },
  { method: 'POST', url: '/api/me/inbox/no-such-message/read', expected: customersOnly(404) },
  { method: 'GET', url: '/api/staff/support/tickets', expected: { ...signedIn(403), staff: 200 } },
  ...['assign', 'resolve'].map((action): Call => ({
    method: 'POST',
    url: `/api/staff/support/tickets/no-such-ticket/${action}`,
    expected: { ...signedIn(403), staff: 404 },
  })),
  {
    method: 'POST',
    url: '/api/staff/support/tickets/no-such-ticket/replies',
    body: { comment: 'Matrix' },
    expected: { ...signedIn(403), staff: 404 },
  },
  // Energy data (issue 4): customers see their own; another customer's metering point, object or contract is 404.
  ...[
    '/api/dashboard/locations',
    '/api/dashboard/statistics/consumption',
    '/api/dashboard/statistics/production?period=year',
    '/api/dashboard/statistics/spot',
    '/api/dashboard/statistics/expenses',
    '/api/dashboard/yearly-consumption',
    '/api/dashboard/power-peaks',
    '/api/dashboard/cards',
    '/api/locations',
    '/api/locations/gsrn',
    '/api/usage-points/me',
  ].map((url): Call => ({ method: 'GET', url, expected: customersOnly(200) })),
  {
    method: 'POST',
    url: '/api/usage-points/search',
    body: { searchType: 'ADDRESS', searchQuery: { address: 'Kuusikallionkuja 7' } },
    expected: customersOnly(200),
  },
  ...[
    '/api/charts/readings?series[]=consumption&series[]=1&from=2026-01-01&to=2026-01-31&meteringPointId=mp-lumo-aino-el',
    '/api/locations/cost-estimation?objects[]=obj-lumo-aino-home',
    '/api/usage-points/technical-data?meteringPointId=mp-lumo-aino-el',
    '/api/contracts/ct-lumo-aino-el/readings/metadata',
    '/api/readings/download?meteringPointId=mp-lumo-aino-el&from=2026-01-01&to=2026-01-01&format=csv',
    '/api/charts/usage-pattern?meteringPointId=mp-lumo-aino-el&from=2026-01-01&to=2026-01-31',
    // Homes like mine (decision 123): homes-comparison.test.ts proves the figures, the 20-home rule and the scoping.
    '/api/usage-points/homes-comparison?meteringPointId=mp-lumo-aino-el',
  ].map((url): Call => ({ method: 'GET', url, expected: { ...customersOnly(404), customerA: 200 } })),
  {
    method: 'PUT',
    url: '/api/usage-points/home',
    body: { meteringPointId: 'mp-lumo-aino-el', homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200' },
    expected: { ...customersOnly(404), customerA: 200 },
  },
  // Readings customers enter (decision 112): Lumo does not offer them, so every customer gets 404 FEATURE_DISABLED;
  // meter-readings.test.ts proves on Daugava that a customer reaches only their own metering points and photos.
  { method: 'GET', url: '/api/meter-readings?meteringPointId=mp-lumo-aino-el', expected: customersOnly(404) },
  { method: 'POST', url: '/api/meter-readings', body: { meteringPointId: 'mp-lumo-aino-el', value: '1' }, expected: customersOnly(404) },
  { method: 'GET', url: '/api/meter-readings/no-such-reading/photo', expected: customersOnly(404) },
  // Connections and solar (decision 124): Lumo does not offer them, so customers get 404 FEATURE_DISABLED and customer
  // service 404 too; connection-requests.test.ts proves on Kallio that a customer reaches only their own requests and
  // places, and that another site's customer service finds none of them.
  { method: 'GET', url: '/api/connection-requests/places', expected: customersOnly(404) },
  { method: 'GET', url: '/api/connection-requests', expected: customersOnly(404) },
  {
    method: 'POST',
    url: '/api/connection-requests',
    body: { kind: 'FUSE_CHANGE', meteringPointId: 'mp-lumo-aino-el', fuseAmperes: 35 },
    expected: customersOnly(404),
  },
  { method: 'GET', url: '/api/connection-requests/00000000-0000-4000-8000-000000000000', expected: customersOnly(404) },
  {
    method: 'POST',
    url: '/api/connection-requests/00000000-0000-4000-8000-000000000000/messages',
    body: { message: 'matrix' },
    expected: customersOnly(404),
  },
  { method: 'POST', url: '/api/connection-requests/00000000-0000-4000-8000-000000000000/withdraw', expected: customersOnly(404) },
  {
    method: 'GET',
    url: '/api/connection-requests/00000000-0000-4000-8000-000000000000/attachments/00000000-0000-4000-8000-000000000001',
    expected: customersOnly(404),
  },
  { method: 'GET', url: '/api/staff/connection-requests', expected: { ...signedIn(403), staff: 404 } },
  { method: 'GET', url: '/api/staff/connection-requests/00000000-0000-4000-8000-000000000000', expected: { ...signedIn(403), staff: 404 } },
  {
    method: 'POST',
    url: '/api/staff/connection-requests/00000000-0000-4000-8000-000000000000/transitions',
    body: { action: 'review' },
    expected: { ...signedIn(403), staff: 404 },
  },
  {
    method: 'GET',
    url: '/api/staff/connection-requests/00000000-0000-4000-8000-000000000000/attachments/00000000-0000-4000-8000-000000000001',
    expected: { ...signedIn(403), staff: 404 },
  },
  // Planned outages an operator's staff publish (decision 126): staff of the site only; an unknown id is 404.
  { method: 'GET', url: '/api/staff/outages', expected: { ...signedIn(403), staff: 200 } },
  {
    method: 'POST',
    url: '/api/staff/outages',
    body: {
      gridArea: 'matrix',
      cause: 'maintenance',
      startsAt: '2020-01-01 09:00',
      estimatedEndAt: '2020-01-01 10:00',
      postalCodes: ['02210'],
    },
    expected: { ...signedIn(403), staff: 422 },
  },
  {
    method: 'PUT',
    url: '/api/staff/outages/00000000-0000-4000-8000-000000000000',
    body: {
      gridArea: 'matrix',
      cause: 'maintenance',
      startsAt: '2099-01-01 09:00',
      estimatedEndAt: '2099-01-01 10:00',
      postalCodes: ['02210'],
    },
    expected: { ...signedIn(403), staff: 404 },
  },
  { method: 'POST', url: '/api/staff/outages/00000000-0000-4000-8000-000000000000/cancel', expected: { ...signedIn(403), staff: 404 } },
  // Contracts (issue 9): each customer sees and changes only their own (contracts.test.ts proves B gets nothing of A's).
  { method: 'GET', url: '/api/contracts', expected: customersOnly(200) },
  { method: 'GET', url: '/api/contracts/no-such-contract/download', expected: customersOnly(204) },
  ...['/api/contracts/ct-lumo-aino-el', '/api/contracts/ct-lumo-aino-el/billing-channels'].map((url): Call => ({
    method: 'GET',
    url,
    expected: { ...customersOnly(404), customerA: 200 },
  })),
  {
    method: 'POST',
    url: '/api/contracts/ct-lumo-aino-el/change-billing-channels',
    body: { channel: 'Email', target: 'aino.virtanen@example.fi' },
    expected: { ...customersOnly(404), customerA: 200 },
  },
  // A moving day years ahead: customer A reaches the rules (422) without ending the demo contract; others find nothing.
  {
    method: 'POST',
    url: '/api/contracts/ct-lumo-aino-el/move-out',
    body: {
      endDate: '2099-01-01',
      finalInvoiceAddress: { street: 'Mannerheimintie 1', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' },
      meterReadingKwh: null,
    },
    expected: { ...customersOnly(404), customerA: 422 },
  },
  // Products (issue 9): anyone signed in sees what its visibility allows them (products.test.ts); offers are a customer's.
  { method: 'GET', url: '/api/products', expected: signedIn(200) },
  { method: 'GET', url: '/api/business/validate/0112038-9', expected: signedIn(200) },
  { method: 'GET', url: '/api/products/by-ids?productId[]=pr-lumo-porssi&legalEntity=false', expected: signedIn(200) },
  { method: 'GET', url: '/api/me/contract-offers', expected: customersOnly(200) },
  { method: 'GET', url: '/api/me/product-costs?utility=electricity', expected: customersOnly(200) },
  // Signing (issue 9, docs/decisions/033-036): a start day long gone reaches the rules (422) without writing anything;
  // another customer's contract or signing token finds nothing (signing.test.ts proves it for each call).
  {
    method: 'POST',
    url: '/api/contracts/create',
    body: {
      usagePointId: 'gp-lumo-kalevankatu-el',
      reason: 'move-in',
      productId: 'pr-lumo-porssi',
      startDate: '2020-01-01',
      billing: { channel: 'Email', target: 'matrix@example.fi' },
      contact: { email: 'matrix@example.fi' },
    },
    expected: customersOnly(422),
  },
  {
    method: 'POST',
    url: '/api/contracts/create/estonia',
    body: {
      usagePointId: 'gp-ve-vana-kalamaja-el',
      reason: 'switch',
      productId: 'pr-virmalise-fix-24',
      startDate: '2020-01-01',
      billing: { channel: 'Email', target: 'matrix@example.ee' },
      contact: { email: 'matrix@example.ee' },
      meteringPointEic: '10YFI-1--------U',
    },
    expected: customersOnly(422),
  },
  { method: 'POST', url: '/api/contracts/finalize', body: { signingToken: 'no-such-signing' }, expected: customersOnly(204) },
  { method: 'GET', url: '/api/contracts/signing/status?signingToken=no-such-signing', expected: customersOnly(404) },
  { method: 'GET', url: '/api/contracts/signing/download?signingToken=no-such-signing&contractId=x', expected: customersOnly(204) },
  { method: 'GET', url: '/api/contracts/start-info/go-lumo-kalevankatu-31-a-5', expected: customersOnly(200) },
  { method: 'GET', url: '/api/contracts/existing-einvoice-bank-info?utilityName=electricity', expected: customersOnly(200) },
  { method: 'POST', url: '/api/contracts/upload?contractId=no-such-contract', body: {}, expected: customersOnly(422) },
  {
    method: 'POST',
    url: '/api/contracts/ct-lumo-aino-el/renew',
    body: { productId: 'pr-lumo-kiintea-12', startDate: '2020-01-01' },
    expected: { ...customersOnly(404), customerA: 422 },
  },
  { method: 'POST', url: '/api/addresses/autocomplete?q=kaleva', expected: customersOnly(200) },
  // A network product change (decision 127): Lumo does not offer it, so customers get 404 FEATURE_DISABLED;
  // network-products.test.ts proves on Kallio that a customer reaches only their own grid contracts.
  { method: 'GET', url: '/api/contracts/ct-lumo-aino-el/network-products', expected: customersOnly(404) },
  {
    method: 'POST',
    url: '/api/contracts/ct-lumo-aino-el/network-product-change',
    body: { productId: 'pr-kallio-teho' },
    expected: customersOnly(404),
  },
  { method: 'POST', url: '/api/contracts/ct-lumo-aino-el/network-product-change/cancel', expected: customersOnly(404) },
  // The signing service's postback carries no session; one that names no signing is 400 for everyone.
  { method: 'POST', url: '/api/contracts/signing/callback/LOCAL', body: { token: 'x' }, expected: everyone(400) },
  // Settings, alerts and push (issue 10): Lumo offers push and the spot-price alert, Virmalise (other site admin) neither;
  // membership is a Daugava feature, so no Lumo caller has it. Staff acting may not register their browser (422).
  { method: 'GET', url: '/api/me/notification-history', expected: customersOnly(200) },
  { method: 'GET', url: '/api/me/notifications', expected: customersOnly(200) },
  {
    method: 'PUT',
    url: '/api/me/notifications',
    body: { enabled: true, threshold: { lower: null, upper: 25 }, contactsIds: [] },
    expected: customersOnly(200),
  },
  { method: 'GET', url: '/api/me/membership', expected: customersOnly(404) },
  { method: 'GET', url: '/api/notifications/configuration', expected: customersOnly(200) },
  { method: 'GET', url: '/api/notifications/customer-info', expected: customersOnly(200) },
  {
    method: 'POST',
    url: '/api/notifications/set-token',
    body: {
      token: JSON.stringify({
        endpoint: 'https://fcm.googleapis.com/fcm/send/matrix',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
      enabled: false,
    },
    expected: customersOnly(200),
  },
  // Invoices and payments (issue 5): each customer sees only their own (invoices.test.ts proves B gets nothing
  // of A's); a missing invoice is 404, a missing download 204 (spec §7).
  { method: 'GET', url: '/api/invoices', expected: customersOnly(200) },
  { method: 'GET', url: '/api/invoices?type=overdue&sort=-total&page=2&pageSize=10', expected: customersOnly(200) },
  { method: 'GET', url: '/api/dashboard/invoices', expected: customersOnly(200) },
  { method: 'GET', url: '/api/invoices/NO-SUCH-INVOICE', expected: customersOnly(404) },
  { method: 'GET', url: '/api/invoices/NO-SUCH-INVOICE/analysis', expected: customersOnly(404) },
  { method: 'PUT', url: '/api/invoices/NO-SUCH-INVOICE/postpone', body: { dueDate: '2030-01-15' }, expected: customersOnly(404) },
  { method: 'GET', url: '/api/invoices/00000000-0000-4000-8000-000000000000/download', expected: customersOnly(204) },
  { method: 'GET', url: '/api/invoices/00000000-0000-4000-8000-000000000000/download/csv', expected: customersOnly(204) },
  { method: 'POST', url: '/api/invoices/NO-SUCH-INVOICE/payments', body: {}, expected: customersOnly(404) },
  { method: 'GET', url: '/api/payments/00000000-0000-4000-8000-000000000000', expected: customersOnly(404) },
  // Provider callbacks carry no session: the signature decides (payments.test.ts), so an unsigned one is 401 for all.
  { method: 'POST', url: '/api/payments/callback/SIMULATOR', body: { reference: 'SIM-x' }, expected: everyone(401) },
  { method: 'GET', url: '/api/payments/callback/SIMULATOR?reference=SIM-x', expected: everyone(401) },
  // The reading system's batches carry its bearer token, never a session: every person is 401 (decision 131).
  { method: 'POST', url: '/api/reading-system/meter-readings', body: { readings: [] }, expected: everyone(401) },
  { method: 'GET', url: '/api/banks?type=payment', expected: everyone(200) },
  { method: 'GET', url: '/api/banks?type=e-invoice', expected: everyone(200) },
  { method: 'GET', url: '/api/banks/operators', expected: everyone(200) },
  // Power control (issue 12): Aino's house is customer A's; B, and Aino acting for her company, get 404.
  { method: 'GET', url: '/api/load-controls/metering-points', expected: customersOnly(200) },
  ...[
    `/api/load-controls/metering-point-status/${gsrn('64300110000054321')}`,
    '/api/load-controls/connection-status/obj-lumo-aino-home',
    '/api/load-controls/han-port-status/obj-lumo-aino-home',
    '/api/load-controls/live-readings/obj-lumo-aino-home',
  ].map((url): Call => ({ method: 'GET', url, expected: { ...customersOnly(404), customerA: 200 } })),
  ...[
    { url: '/api/load-controls/change-control', body: { target: 'load', loadId: 'load-lumo-aino-el-1', state: 'on' } },
    { url: '/api/load-controls/han-port-status/obj-lumo-aino-home', body: { action: 'close' } },
    { url: '/api/load-controls/read-live-readings/obj-lumo-aino-home' },
  ].map(({ url, body }): Call => ({ method: 'POST', url, body, expected: { ...customersOnly(404), customerA: 202 } })),
  { method: 'GET', url: '/api/load-controls/commands/00000000-0000-4000-8000-000000000000', expected: customersOnly(404) },
  // A stream that opens never ends, so app.inject proves only the refusals here (live-readings.test.ts streams).
  { method: 'GET', url: '/api/load-controls/live-readings/obj-nobody/stream', expected: customersOnly(404) },
  ...['/api/load-controls/plans/preview', '/api/load-controls/plans'].map((url): Call => ({
    method: 'POST',
    url,
    body: { loadId: 'load-lumo-aino-el-1', windowStart: '2099-01-01T00:00:00Z', windowEnd: '2099-01-01T04:00:00Z', hours: 2 },
    expected: { ...customersOnly(404), customerA: 422 },
  })),
  { method: 'GET', url: '/api/load-controls/plans', expected: customersOnly(200) },
  { method: 'DELETE', url: '/api/load-controls/plans/00000000-0000-4000-8000-000000000000', expected: customersOnly(404) },
  // Outages (issue 11): every customer of the site sees its outages; meter events and outage contacts are Aino's own
  // (customer A), so B and Aino acting for her company get 404 (outages.test.ts).
  { method: 'GET', url: '/api/outages', expected: customersOnly(200) },
  { method: 'GET', url: `/api/outages/meter-events/${gsrn('64300110000054321')}`, expected: { ...customersOnly(404), customerA: 200 } },
  { method: 'GET', url: '/api/me/outage-addresses', expected: customersOnly(200) },
  { method: 'GET', url: '/api/me/outage-contacts?contractId=ct-lumo-aino-el', expected: { ...customersOnly(404), customerA: 200 } },
  {
    method: 'PUT',
    url: '/api/me/outage-contacts',
    body: { contractId: 'ct-lumo-aino-el', contacts: [] },
    expected: { ...customersOnly(404), customerA: 200 },
  },
];

/** Routes that are documents for people, not calls: the API reference page and its assets. */
const notCalls = [/^\/api\/docs/];

/** A route pattern (`/api/invoices/:invoiceNumber`, `/api/auth/*`) as a regular expression over paths. */
function patternOf(url: string): RegExp {
  const escaped = url
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[A-Za-z]+/g, '[^/]+')
    .replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

describe('authorization matrix', () => {
  const ctx = useTestApp();

  it('has a row for every API route the server registers', () => {
    const apiRoutes = ctx.app.registeredRoutes.filter(({ url }) => url.startsWith('/api/') && !notCalls.some((skip) => skip.test(url)));
    expect(apiRoutes.length).toBeGreaterThan(40);
    const missing = apiRoutes.filter(
      (route) => !calls.some((call) => call.method === route.method && patternOf(route.url).test(call.url.split('?')[0]!)),
    );
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
  // Two days of the Lumo customers' energy data, so the energy calls have something of their own to answer.
  beforeAll(async () => {
    await seedDemoEnergy(ctx.database.db, { historyDays: 2, clientCodes: ['LUMO-100001', 'LUMO-100002', 'LUMO-200001'] });
    await seedDemoPower(ctx.database.db);
  });

  async function cookiesFor(persona: Persona): Promise<{ host: string; cookie?: string }> {
    const db = ctx.database.db;
    switch (persona) {
      case 'anonymous':
        return { host: HOSTS.lumo };
      case 'customerA':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.aino, 'lumo') };
      case 'customerB':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.mikko, 'lumo') };
      case 'representative':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli') };
      case 'staff':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo') };
      case 'siteAdmin':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.jukkaAdmin, 'lumo') };
      case 'otherSiteAdmin':
        // An administrator of Virmalise, signed in there, reaching for Lumo's settings by id.
        return { host: HOSTS.virmalise, cookie: await sessionCookieFor(db, PEOPLE.toomasAdmin, 'virmalise') };
    }
  }

  for (const [callIndex, call] of calls.entries()) {
    for (const [personaIndex, persona] of (Object.keys(call.expected) as Persona[]).entries()) {
      it(`${call.method} ${call.url} as ${persona} → ${call.expected[persona]}`, async () => {
        const { host, cookie } = await cookiesFor(persona);
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          headers: { host, ...(cookie ? { cookie } : {}), ...(call.body ? { 'content-type': 'application/json' } : {}) },
          payload: call.body ? JSON.stringify(call.body) : undefined,
          // Each call from its own address, so per-address rate limits (sign-in) measure the call, not the matrix.
          remoteAddress: `10.${Math.floor(callIndex / 250)}.${callIndex % 250}.${personaIndex + 1}`,
        });
        expect(response.statusCode, response.body).toBe(call.expected[persona]);
      });
    }
  }
});

describe("one customer never sees another's data", () => {
  const ctx = useTestApp();

  it("answers customer A's own profile and nothing of customer B's", async () => {
    const db = ctx.database.db;
    const a = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    for (const url of ['/api/me', '/api/info', '/api/me/representatives', '/api/auth/session']) {
      const response = await ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie: a } });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Mikko');
      expect(response.body).not.toContain(PEOPLE.mikko);
      expect(response.body).not.toContain('LUMO-100002');
    }
  });

  it('does not open a session of one site on another', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const response = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.virmalise, cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const { authSession } = await import('../db/schema/identity.ts');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db
      .update(authSession)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(authSession.sessionToken, cookie.split('=')[1]!));
    const response = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
  });
});
