import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteBootstrap } from '@portal/schema/site';
import { routeTree } from '../route-tree.gen.ts';
import { seedSignedIn, type InitialPage } from './page-bootstrap.ts';
import { callsTo, stubApi } from '../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../test/identity-factories.ts';
import { buildSite } from '../test/test-site.ts';

async function open(path: string, site: SiteBootstrap = buildSite({ features: ['INVOICES'] }), queryClient = new QueryClient()) {
  const router = createRouter({
    routeTree,
    context: { queryClient, site },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  // A path no route claims matches the root alone; a route that refuses its parameters or feature says notFound.
  const leaf = router.state.matches.at(-1);
  const notFound = !leaf || leaf.routeId === '__root__' || router.state.matches.some((match) => match.status === 'notFound');
  return { ...router.state.location, notFound };
}

const siteAdmin = buildActorInfo({ person: { name: 'Jukka Mäkinen' }, customer: null, staffRoles: ['site-admin'] });

describe('pages that need a session (spec §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('send a signed-out person to sign in, with the page to come back to and the reason', async () => {
    stubApi({ 'GET /api/auth/session': null });
    const location = await open('/dashboard?period=month');
    expect(location.pathname).toBe('/auth/signin');
    expect(location.search).toEqual({ callbackUrl: '/dashboard?period=month', error: 'SessionRequired' });
  });

  it('open for a signed-in customer', async () => {
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    expect((await open('/dashboard')).pathname).toBe('/dashboard');
  });

  it('open from the session and actor info the server wrote into the page, asking the server for neither', async () => {
    const fetchMock = stubApi({});
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const page = { site: buildSite({ features: ['INVOICES'] }), signedIn: { session: buildSession(), info: buildActorInfo() } };
    seedSignedIn(queryClient, page as InitialPage);
    expect((await open('/dashboard', page.site, queryClient)).pathname).toBe('/dashboard');
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', '/api/info')).toHaveLength(0);

    const signedOut = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    seedSignedIn(signedOut, { ...page, signedIn: null } as InitialPage);
    expect((await open('/dashboard', page.site, signedOut)).pathname).toBe('/auth/signin');
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(0);
  });

  it("open the dashboard without waiting for the customer's metering points", async () => {
    stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/usage-points/me': () => new Promise(() => {}),
    });
    expect((await open('/dashboard', buildSite({ features: ['CHART_SPOT_PRICE'] }))).pathname).toBe('/dashboard');
  });

  it('leave the home page public', async () => {
    const fetchMock = stubApi({});
    expect((await open('/')).pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('who lands where', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a site administrator, who acts for no customer, from the customer pages and the staff workspace to the admin area', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/session': buildSession({ name: 'Jukka Mäkinen' }), 'GET /api/info': siteAdmin });
    expect((await open('/dashboard')).pathname).toBe('/admin');
    expect((await open('/invoices?type=unpaid')).pathname).toBe('/admin');
    expect((await open('/staff')).pathname).toBe('/admin');
    // Not one call for a customer's data was made on the way.
    expect(callsTo(fetchMock, 'GET', '/api/dashboard/statistics/consumption')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', '/api/usage-points/me')).toHaveLength(0);
  });

  it('sends a customer who is not staff from the staff workspace to the dashboard', async () => {
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    expect((await open('/staff')).pathname).toBe('/dashboard');
    expect((await open('/staff/tickets', buildSite({ features: ['SUPPORT'] }))).pathname).toBe('/dashboard');
  });

  it('keeps staff acting for a customer on the customer pages and on their workspace', async () => {
    const acting = buildActorInfo({ actingAs: 'staff', staffRoles: ['customer-service'] });
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': acting, 'GET /api/staff/recent-customers': [] });
    expect((await open('/charts')).pathname).toBe('/charts');
    expect((await open('/staff')).pathname).toBe('/staff');
  });

  it('lands each person where their work is after signing in: staff, administrators, customers and newcomers', async () => {
    const staff = buildActorInfo({ customer: null, staffRoles: ['customer-service'] });
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': staff, 'GET /api/staff/recent-customers': [] });
    expect((await open('/landing')).pathname).toBe('/staff');
    expect((await open('/dashboard')).pathname).toBe('/staff');
    vi.unstubAllGlobals();
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': siteAdmin });
    expect((await open('/landing')).pathname).toBe('/admin');
    vi.unstubAllGlobals();
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    expect((await open('/landing')).pathname).toBe('/dashboard');
    expect((await open('/auth/signin')).pathname).toBe('/dashboard');
    vi.unstubAllGlobals();
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo({ customer: null, staffRoles: [] }) });
    expect((await open('/landing')).pathname).toBe('/');
  });

  it('sends a signed-in person who opens the sign-in page on to the callback, or to the dashboard for another site', async () => {
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    const invoices = await open('/auth/signin?callbackUrl=%2Finvoices%3Ftype%3Dunpaid');
    expect(invoices.pathname).toBe('/invoices');
    expect(invoices.search).toEqual({ type: 'unpaid' });
    expect((await open('/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F')).pathname).toBe('/dashboard');
  });

  it('shows the sign-in page to a signed-out person', async () => {
    stubApi({ 'GET /api/auth/session': null });
    expect((await open('/auth/signin?callbackUrl=%2Finvoices')).pathname).toBe('/auth/signin');
  });
});

describe('pages that do not exist', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answer not found for a payment step the flow does not have, and open the four it has', async () => {
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    for (const step of ['payment-processing', 'confirmation', 'waiting-confirmation', 'failed']) {
      expect(await open(`/invoices/inv-1/${step}`)).toMatchObject({ pathname: `/invoices/inv-1/${step}`, notFound: false });
    }
    expect((await open('/invoices/inv-1/refund')).notFound).toBe(true);
  });

  it('answer not found for the invoices on a site without the invoices feature', async () => {
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    expect((await open('/invoices', buildSite({ features: [] }))).notFound).toBe(true);
    expect((await open('/invoices', buildSite({ features: ['INVOICES'] }))).notFound).toBe(false);
  });

  it('answer not found for contracts and payment steps on a site without their feature', async () => {
    stubApi({ 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo() });
    expect((await open('/contracts')).notFound).toBe(true);
    expect((await open('/invoices/inv-1/failed', buildSite({ features: ['CONTRACTS'] }))).notFound).toBe(true);
  });
});
