import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Web Request Auth.js reads. Its URL is built from what Fastify resolved (trusting forwarded headers
 * only behind a configured proxy), and forwarded headers are not passed on, so a client cannot make
 * Auth.js believe it runs on another host. With `get`, a GET of that path with the request's headers: what the
 * browser would ask with the same cookies.
 */
export function toWebRequest(request: FastifyRequest, get?: { path: string }): Request {
  const url = new URL(get?.path ?? request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith('x-forwarded-') || name === 'forwarded') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('host', request.host);
  const method = get ? 'GET' : request.method;
  const hasBody = method !== 'GET' && method !== 'HEAD' && typeof request.body === 'string';
  return new Request(url, { method, headers, body: hasBody ? (request.body as string) : undefined });
}

export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
