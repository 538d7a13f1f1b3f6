import { vi } from 'vitest';

/** An answer, or a function of the request giving one (or a promise of one, to answer late or never). */
type Answer = unknown | ((init: RequestInit | undefined) => unknown);

/**
 * Stubs `fetch` with answers keyed by "METHOD /path" (query ignored). A Response is returned as is, anything
 * else as JSON; an unknown call answers 404 so a test notices calls it did not expect.
 */
export function stubApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split('?')[0];
    const key = `${init?.method ?? 'GET'} ${path}`;
    if (!(key in answers)) return new Response(JSON.stringify({ name: 'NotFoundError', statusCode: 404 }), { status: 404 });
    const answer = answers[key];
    const body = typeof answer === 'function' ? await (answer as (init: RequestInit | undefined) => unknown)(init) : answer;
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one "METHOD /path", with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).split('?')[0] === path && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    }));
}
