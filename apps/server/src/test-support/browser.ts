import type { App } from '../app.ts';

type Response = Awaited<ReturnType<App['inject']>>;

/**
 * A minimal browser over app.inject: one cookie jar per host, redirects followed by hand so a test can
 * look at each hop of a sign-in.
 */
export function testBrowser(app: App) {
  const jars = new Map<string, Map<string, string>>();
  const jarFor = (host: string) => jars.get(host) ?? jars.set(host, new Map()).get(host)!;

  function remember(host: string, response: Response) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) jarFor(host).delete(cookie.name);
      else jarFor(host).set(cookie.name, cookie.value);
    }
  }

  async function request(
    url: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const target = new URL(url);
    const cookie = [...jarFor(target.host)].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await app.inject({
      method: init.method ?? 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' } : {}),
        ...init.headers,
      },
      payload: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    remember(target.host, response);
    return response;
  }

  return {
    request,
    cookies: (host: string) => Object.fromEntries(jarFor(host)),
    /** Follows redirects from `response` until one is not a redirect; returns every visited URL too. */
    async follow(response: Response, from: string) {
      const visited: string[] = [];
      let current = response;
      let base = from;
      while (current.statusCode >= 300 && current.statusCode < 400 && current.headers.location) {
        const next = new URL(String(current.headers.location), base).toString();
        visited.push(next);
        base = next;
        current = await request(next);
        if (visited.length > 10) throw new Error(`Redirect loop: ${visited.join(' → ')}`);
      }
      return { response: current, url: base, visited };
    },
  };
}
