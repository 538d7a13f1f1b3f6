import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPageBootstrap } from './page-bootstrap.ts';
import { buildSite, EN_GB_BUNDLE } from '../test/test-site.ts';

const translationsUrl = '/api/translations/en-GB?set=web&v=0123456789abcdef';

/** A page as the server writes it: the bootstrap in its script element, the texts at the address it names. */
function pageWithBootstrap() {
  const page = document.implementation.createHTMLDocument();
  const script = page.createElement('script');
  script.id = 'portal-bootstrap';
  script.type = 'application/json';
  script.textContent = JSON.stringify({
    site: buildSite(),
    locale: 'en-GB',
    colorScheme: 'light',
    appVersion: '1',
    translationsUrl,
    signedIn: null,
  });
  page.head.append(script);
  return page;
}

describe('the page bootstrap', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('comes with the texts from the address the page gave (decision 092)', async () => {
    const fetchMock = vi.fn(async () => Response.json(EN_GB_BUNDLE));
    vi.stubGlobal('fetch', fetchMock);
    const initial = await loadPageBootstrap(pageWithBootstrap());
    expect(fetchMock).toHaveBeenCalledWith(translationsUrl);
    expect(initial.locale).toBe('en-GB');
    expect(initial.translations['nav.invoices']).toBe('Invoices');
  });

  it('fails naming the address when the texts do not come', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('unavailable', { status: 503 })),
    );
    await expect(loadPageBootstrap(pageWithBootstrap())).rejects.toThrow(`The texts did not load: 503 from ${translationsUrl}`);
  });
});
