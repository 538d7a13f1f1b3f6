import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n.ts';

describe('createI18n', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('formats ICU messages from the bundle the server sent', async () => {
    const i18n = await createI18n('fi-FI', { greeting: 'Hei {name}', invoices: '{count, plural, one {# lasku} other {# laskua}}' });
    expect(i18n.t('greeting', { name: 'Aino' })).toBe('Hei Aino');
    expect(i18n.t('invoices', { count: 3 })).toBe('3 laskua');
    expect(document.documentElement.lang).toBe('fi');
  });

  it('reports a missing key to the client log once', async () => {
    const fetchMock = vi.fn(async () => new Response('{"id":"1"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = await createI18n('et-EE', {});
    i18n.t('nav.no-such-key');
    i18n.t('nav.no-such-key');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logs');
    expect(JSON.parse(String(init.body))).toMatchObject({ level: 'warn', message: 'Missing translation: nav.no-such-key' });
  });
});
