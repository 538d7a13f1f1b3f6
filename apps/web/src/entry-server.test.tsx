// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InitialPage } from './app/page-bootstrap.ts';
import { NotRenderedOnServer, renderPage } from './entry-server.tsx';
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
    const html = await render('/dashboard');
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
    const html = await render('/invoices');
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
