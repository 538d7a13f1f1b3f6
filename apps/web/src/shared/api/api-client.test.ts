import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, downloadFile } from './api-client.ts';
import { ApiError } from './api-error.ts';

function respond(body: BodyInit | null, init: ResponseInit) {
  const fetchMock = vi.fn(async () => new Response(body, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = '__user-id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends the client id from the user-id cookie and a fresh request id each call', async () => {
    document.cookie = '__user-id=7f8e2c10-user; path=/';
    const fetchMock = respond('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    await api('/api/site', { query: { ids: [1, 2], empty: '' } });
    await api('/api/site');
    const [url, first] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const second = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(decodeURIComponent(url)).toBe('/api/site?ids[]=1&ids[]=2');
    const headers = first.headers as Record<string, string>;
    expect(headers['x-client-id']).toBe('7f8e2c10-user');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((second.headers as Record<string, string>)['x-request-id']).not.toBe(headers['x-request-id']);
  });

  it('turns an error response into an ApiError carrying the server body', async () => {
    respond(JSON.stringify({ name: 'ValidationError', message: 'bad', code: 'E42', statusCode: 422, requestId: 'r' }), {
      status: 422,
    });
    const error = await api('/api/logs', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, name: 'ValidationError', code: 'E42' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/api/site')).rejects.toMatchObject({ status: 0, name: 'NetworkError' });
  });

  it('downloads a file by the Content-Disposition name and treats 204 as not found', async () => {
    respond('%PDF-1.7', { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''Lasku%20%C3%84.pdf" } });
    const file = await downloadFile('/api/invoices/1/download');
    expect(file?.filename).toBe('Lasku Ä.pdf');
    respond(null, { status: 204 });
    expect(await downloadFile('/api/invoices/2/download')).toBeNull();
  });
});
