import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/test-app.ts';

/**
 * Writes that need no recent e-ID sign-in, each with the reason. Every other write under /api must declare
 * `freshVerification`, so a route added later (a signing call, an admin change) is refused by this test until
 * someone decides which list it belongs to.
 */
const WITHOUT_FRESH_VERIFICATION: Record<string, string> = {
  'POST /api/logs': 'anyone may report a client error',
  'POST /api/auth/signin/*': 'signing in is how a verification is made',
  'POST /api/auth/callback/*': 'signing in is how a verification is made',
  'POST /api/auth/*': 'signing out and the other Auth.js calls grant nothing',
  'POST /api/auth/_log': 'anyone may report a client error',
  'POST /api/payments/callback/:provider': 'the payment provider calls it, signed, without a session',
  'POST /api/me/email-confirmation': 'the mailed link proves the mailbox; the change it confirms was asked for with a fresh verification',
  'POST /api/me/representatives': 'switches between customers the person already has rights to; grants nothing new',
  'PUT /api/feedback/send': 'a survey answer',
  'POST /api/usage-points/search': 'a search sent as POST (spec §7); it changes nothing',
  'POST /api/addresses/autocomplete': 'a search sent as POST (spec §7); it changes nothing',
  'POST /api/contracts/signing/callback/:provider':
    'the signing service calls it without a session; the state is read back from the service',
  'POST /api/me/notification-settings': 'alerts go only to contacts, and changing contacts needs a fresh verification',
  'PUT /api/me/notification-settings/:id': 'alerts go only to contacts, and changing contacts needs a fresh verification',
  'PUT /api/me/notifications': 'alerts go only to contacts, and changing contacts needs a fresh verification',
  'POST /api/notifications/set-token': 'registers or forgets this browser for alerts only; no data or money leaves',
  'PUT /api/invoices/:invoiceNumber/postpone': 'moves a due date within the utility’s own limits; no money or data leaves',
  'POST /api/load-controls/read-live-readings/:objectId': 'asks the meter for a reading; it switches nothing',
  'POST /api/load-controls/plans/preview': 'prices a plan without making it',
  'DELETE /api/staff/acting-customer': 'ending acting for a customer only takes rights away',
  'POST /api/support/send': 'a message to customer service; no data or money leaves',
  'POST /api/me/support/tickets': 'a message to customer service; no data or money leaves',
  'POST /api/support/tickets/:id/comments': 'a message to customer service; no data or money leaves',
  'POST /api/support/tickets/:id/close': 'closes the customer’s own request; nothing leaves',
  'POST /api/support/tickets/:id/satisfaction': 'an opinion of a resolved request; nothing leaves',
  'POST /api/me/inbox/:id/read': 'marks a message read',
  'POST /api/meter-readings': 'a register reading the utility checks and its next measured reading replaces; nothing leaves',
  'POST /api/reading-system/meter-readings':
    'the utility’s reading system calls it with its site’s bearer token, without a session (decision 131)',
  'PUT /api/usage-points/home': 'describes the home for the comparison with similar homes (decision 123); nothing leaves',
  'POST /api/staff/support/tickets/:id/assign': 'customer service taking a ticket of their own site; the queue is their daily work',
  'POST /api/staff/support/tickets/:id/replies': 'customer service answering; it reads no customer data beyond the ticket',
  'POST /api/staff/support/tickets/:id/resolve': 'customer service closing a ticket of their own site',
  // Connections and solar (decision 124): requests the operator checks before anything is done on the grid.
  'POST /api/connection-requests': 'a request the network operator checks before doing anything; no data or money leaves',
  'POST /api/connection-requests/:id/messages': 'information added to the customer’s own request; nothing leaves',
  'POST /api/connection-requests/:id/withdraw': 'withdraws the customer’s own undecided request; nothing leaves',
  'POST /api/staff/connection-requests/:id/transitions':
    'customer service handling a request of their own site; the queue is their daily work',
  // Planned outages (decision 126): the operator's staff at their daily work; no customer data or money leaves.
  'POST /api/staff/outages': 'network operator staff publishing a planned outage of their own site',
  'PUT /api/staff/outages/:id': 'network operator staff changing a planned outage of their own site before it begins',
  'POST /api/staff/outages/:id/cancel': 'network operator staff cancelling a planned outage of their own site before it begins',
  // Active sessions (docs/decisions/077): a person whose own session is old must still be able to throw a thief out.
  'DELETE /api/me/sessions/:id': 'signing one of the person’s own sessions out only takes access away',
  'POST /api/me/sessions/sign-out-others': 'signing the person’s other sessions out only takes access away',
};

describe('re-verification is declared, not remembered', () => {
  const ctx = useTestApp();

  it('lists every write that may run on a long-lived session without a recent e-ID sign-in', () => {
    const writes = ctx.app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'GET');
    const undeclared = writes.filter(
      (route) => !route.freshVerification && !(`${route.method} ${route.url}` in WITHOUT_FRESH_VERIFICATION),
    );
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});
