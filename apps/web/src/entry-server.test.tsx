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
  signInForm: null,
  consentAsked: false,
  translations: EN_GB_BUNDLE,
  ...overrides,
});
const render = (url: string, initial = pageOf()) => renderPage({ url, initial, scriptNonce: 'script-nonce', styleNonce: 'style-nonce' });
/** The page drawn, where the test expects one (not a redirect). */
async function draw(url: string, initial = pageOf()) {
  const page = await render(url, initial);
  if ('redirect' in page) throw new Error(`${url} redirects to ${page.redirect}`);
  return page;
}

describe("the server's render of a page (decision 088)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the dashboard as the browser first does, from the page bootstrap alone: frame, title, skeletons, no data', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { html } = await draw('/dashboard');
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

  it('draws the consent banner with the page while the browser has not answered, and not once it has', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const site = buildSite({ features: ['INVOICES', 'COOKIE_CONSENT'] });
    const asked = await draw('/invoices', pageOf({ site, consentAsked: true }));
    expect(asked.html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>.*<p[^>]*id="\1"[^>]*>We use cookies<\/p>/s);
    expect(asked.html).toMatch(/<button[^>]*>.*Accept all.*<\/button>/s);
    const answered = await draw('/invoices', pageOf({ site, consentAsked: false }));
    expect(answered.html).not.toContain('We use cookies');
  });

  it('draws a list page with its skeletons, not as if it had no items', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { html } = await draw('/invoices');
    expect(html).toMatch(/<h1[^>]*>Invoices<\/h1>/);
    expect(html).not.toContain('No invoices here');
  });

  it("draws the sign-in page whole, as forms that post to Auth.js with the page's CSRF token, without script", async () => {
    vi.stubGlobal('fetch', vi.fn());
    const eid = {
      id: 'eid',
      name: 'e-ID',
      type: 'oidc' as const,
      signinUrl: '/api/auth/signin/eid',
      callbackUrl: '/api/auth/callback/eid',
    };
    const signInForm = { providers: [eid], csrfToken: 'page-csrf-token' };
    const { html, title } = await draw('/auth/signin?callbackUrl=%2Finvoices', pageOf({ signedIn: null, signInForm }));
    const form = /<form action="\/api\/auth\/signin\/eid\?ui_locales=en" method="post">(.*?)<\/form>/s.exec(html)?.[1] ?? '';
    expect([...form.matchAll(/<input ([^>]*)>/g)].map((input) => input[1])).toEqual([
      'type="hidden" name="csrfToken" value="page-csrf-token"/',
      'type="hidden" name="callbackUrl" value="/invoices"/',
    ]);
    expect(form).toMatch(/<button[^>]* type="submit"(?![^>]*disabled)[^>]*>.*Sign in with e-ID.*<\/button>/s);
    // Nothing waits for a call: no loader that the button would replace (the card would grow as the page loads).
    expect(html).not.toContain('Loading sign-in methods');
    expect(title).toBe('Sign in - My Lumo');
  });

  it('sends on, before any script, a visit the browser would send on: signed out to sign-in, a person to their landing', async () => {
    vi.stubGlobal('fetch', vi.fn());
    expect(await render('/invoices?type=unpaid', pageOf({ signedIn: null }))).toEqual({
      redirect: '/auth/signin?callbackUrl=%2Finvoices%3Ftype%3Dunpaid&error=SessionRequired',
    });
    const siteAdmin = { ...signedIn, info: buildActorInfo({ customer: null, staffRoles: ['site-admin'] }) };
    expect(await render('/dashboard', pageOf({ signedIn: siteAdmin }))).toEqual({ redirect: '/admin' });
  });

  it("leaves to the browser a page its site does not offer: the app's not-found page, drawn there", async () => {
    vi.stubGlobal('fetch', vi.fn());
    await expect(render('/contracts/c-1/offer', pageOf({ site: buildSite({ features: ['CONTRACTS'] }) }))).rejects.toBeInstanceOf(
      NotRenderedOnServer,
    );
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
    '/staff/outages': { url: '/staff/outages', signedIn: staff },
    '/staff/connection-requests': { url: '/staff/connection-requests', signedIn: staff },
    '/charts': { url: '/charts', signedIn: customer },
    '/connection-requests': { url: '/connection-requests', signedIn: customer },
    '/contracts': { url: '/contracts', signedIn: customer },
    '/contracts/$id/move-out': { url: '/contracts/c-1/move-out', signedIn: customer },
    '/contracts/$id/move-out/confirmation': { url: '/contracts/c-1/move-out/confirmation', signedIn: customer },
    '/contracts/$id/offer': { url: '/contracts/c-1/offer', signedIn: customer },
    '/contracts/$id/offer/confirmation': { url: '/contracts/c-1/offer/confirmation', signedIn: customer },
    '/contracts/$id/network-product': { url: '/contracts/c-1/network-product', signedIn: customer },
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
  const untitled = { '/': 'the front page', '/landing': "a redirect to the person's own landing" };

  it('covers every page of the route manifest', async () => {
    expect([...Object.keys(visits), ...Object.keys(untitled)].sort()).toEqual((await pagesOfTheApp()).sort());
  });

  it.each(Object.entries(visits))('%s is drawn with its own title', async (_pattern, { url, signedIn }) => {
    vi.stubGlobal('fetch', vi.fn());
    const { html, title } = await draw(url, pageOf({ site: everything, signedIn }));
    expect(html).not.toBe('');
    const [pageTitle, siteTitle] = title?.split(' - ') ?? [];
    expect(siteTitle).toBe('My Lumo');
    expect(pageTitle).toBeTruthy();
    expect(pageTitle).not.toMatch(/^[a-z-]+\.[a-z.-]+$/);
  });

  it('titles the front page with the site title alone', async () => {
    vi.stubGlobal('fetch', vi.fn());
    expect((await draw('/', pageOf({ site: everything, signedIn: null }))).title).toBe('My Lumo');
  });
});
