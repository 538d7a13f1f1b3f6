// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_FEATURES } from '@portal/schema/features';
import type { InitialPage } from './app/page-bootstrap.ts';
import { NotRenderedOnServer, renderPage } from './entry-server.tsx';
import { pagesOfTheApp } from './test/app-pages.ts';
import { buildActorInfo, buildSession } from './test/identity-factories.ts';
import { buildSite, EN_GB_BUNDLE } from './test/test-site.ts';

const signedIn = { session: buildSession(), info: buildActorInfo() };
const pageOf = (overrides: Partial<InitialPage> = {}): InitialPage => ({
  site: buildSite({ features: ['INVOICES', 'CHART_SPOT_PRICE'] }),
  locale: 'en-GB',
  colorScheme: 'light',
  appVersion: '1.2.3-test',
  translationsUrl: '/api/translations/en-GB?set=web&v=test',
  signedIn,
  translations: EN_GB_BUNDLE,
  ...overrides,
});
const render = (url: string, initial = pageOf()) => renderPage({ url, initial, scriptNonce: 'script-nonce', styleNonce: 'style-nonce' });

describe("the server's render of a page (decision 088)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the dashboard as the browser first does, from the page bootstrap alone: frame, title, skeletons, no data', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { html } = await render('/dashboard');
    expect(html).toContain('<header');
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(html).toContain('Quick actions');
    expect(html).toContain('data-testid="dashboard-skeleton"');
    expect(html).toContain(signedIn.info.person.name);
    expect(fetchMock).not.toHaveBeenCalled();
    // Its styles and scripts carry the page's nonces, or the page's CSP refuses them.
    expect(html.match(/<script(?![^>]*nonce="script-nonce")/g)).toBeNull();
    expect(html.match(/<style(?![^>]*nonce="style-nonce")/g)).toBeNull();
  });

  it('draws a list page with its skeletons, not as if it had no items', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { html } = await render('/invoices');
    expect(html).toMatch(/<h1[^>]*>Invoices<\/h1>/);
    expect(html).not.toContain('No invoices here');
  });

  it('leaves to the browser a page that redirects: a signed-out visit, a person who acts for no customer', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await expect(render('/dashboard', pageOf({ signedIn: null }))).rejects.toBeInstanceOf(NotRenderedOnServer);
    const siteAdmin = { ...signedIn, info: buildActorInfo({ customer: null, staffRoles: ['site-admin'] }) };
    await expect(render('/dashboard', pageOf({ signedIn: siteAdmin }))).rejects.toBeInstanceOf(NotRenderedOnServer);
  });
});

describe('the title of every page the server draws (spec §2: "page title - site title")', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Every feature that adds a page, none that takes one away.
  const everything = buildSite({ features: SITE_FEATURES.filter((feature) => !feature.endsWith('_DISABLED')) });
  const customer = { session: buildSession(), info: buildActorInfo() };
  const staff = { session: buildSession(), info: buildActorInfo({ customer: null, staffRoles: ['customer-service'] }) };
  const admin = { session: buildSession(), info: buildActorInfo({ customer: null, staffRoles: ['site-admin'] }) };
  /** Who opens each page of the route manifest, and the address opened: a new page needs its row here. */
  const visits: Record<string, { url: string; signedIn: InitialPage['signedIn'] }> = {
    '/auth/confirm-request': { url: '/auth/confirm-request', signedIn: null },
    '/auth/error': { url: '/auth/error?error=AccessDenied', signedIn: null },
    '/auth/safe-link-out': { url: '/auth/safe-link-out?url=https%3A%2F%2Flumo.example%2F', signedIn: null },
    '/auth/signin': { url: '/auth/signin', signedIn: null },
    '/auth/signout': { url: '/auth/signout', signedIn: customer },
    '/admin': { url: '/admin', signedIn: admin },
    '/admin/announcements': { url: '/admin/announcements', signedIn: admin },
    '/admin/audit': { url: '/admin/audit', signedIn: admin },
    '/admin/feedback': { url: '/admin/feedback', signedIn: admin },
    '/admin/translations': { url: '/admin/translations', signedIn: admin },
    '/staff': { url: '/staff', signedIn: staff },
    '/staff/tickets': { url: '/staff/tickets', signedIn: staff },
    '/charts': { url: '/charts', signedIn: customer },
    '/contracts': { url: '/contracts', signedIn: customer },
    '/contracts/$id/move-out': { url: '/contracts/c-1/move-out', signedIn: customer },
    '/contracts/$id/move-out/confirmation': { url: '/contracts/c-1/move-out/confirmation', signedIn: customer },
    '/contracts/$id/offer': { url: '/contracts/c-1/offer', signedIn: customer },
    '/contracts/$id/offer/confirmation': { url: '/contracts/c-1/offer/confirmation', signedIn: customer },
    '/contracts/sign': { url: '/contracts/sign', signedIn: customer },
    '/contracts/sign/confirmation': { url: '/contracts/sign/confirmation', signedIn: customer },
    '/dashboard': { url: '/dashboard', signedIn: customer },
    '/inbox': { url: '/inbox', signedIn: customer },
    '/invoices': { url: '/invoices', signedIn: customer },
    '/invoices/$id/$step': { url: '/invoices/i-1/failed', signedIn: customer },
    '/outages': { url: '/outages', signedIn: customer },
    '/power-control': { url: '/power-control', signedIn: customer },
    '/settings': { url: '/settings', signedIn: customer },
    '/settings/email-confirmation': { url: '/settings/email-confirmation?token=t', signedIn: customer },
    '/support': { url: '/support', signedIn: customer },
  };
  /** Pages with no title of their own (the front page), or none of their own to draw (the landing only redirects). */
  const untitled = { '/': 'the front page', '/landing': 'a redirect to the person\'s own landing' };

  it('covers every page of the route manifest', async () => {
    expect([...Object.keys(visits), ...Object.keys(untitled)].sort()).toEqual((await pagesOfTheApp()).sort());
  });

  it.each(Object.entries(visits))('%s is drawn with its own title', async (_pattern, { url, signedIn }) => {
    vi.stubGlobal('fetch', vi.fn());
    const { html, title } = await render(url, pageOf({ site: everything, signedIn }));
    expect(html).not.toBe('');
    const [pageTitle, siteTitle] = title?.split(' - ') ?? [];
    expect(siteTitle).toBe('My Lumo');
    expect(pageTitle).toBeTruthy();
    expect(pageTitle).not.toMatch(/^[a-z-]+\.[a-z.-]+$/);
  });

  it('titles the front page with the site title alone', async () => {
    vi.stubGlobal('fetch', vi.fn());
    expect((await render('/', pageOf({ site: everything, signedIn: null }))).title).toBe('My Lumo');
  });
});
