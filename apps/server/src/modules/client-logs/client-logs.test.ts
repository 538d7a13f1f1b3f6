import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientLog } from '../../db/schema/client-logs.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('POST /api/logs', () => {
  const ctx = useTestApp();
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { host: HOSTS.daugava, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const rowsFor = (clientId: string) => ctx.database.db.select().from(clientLog).where(eq(clientLog.clientId, clientId));

  it('stores the line with site, client id and request id', async () => {
    const response = await post(
      { message: 'Render failed', level: 'error', payload: { stack: 'Error: x', componentStack: 'at Dashboard' } },
      { 'x-client-id': 'client-0001', 'x-request-id': 'req-000000001', 'sec-fetch-site': 'same-origin' },
    );
    expect(response.statusCode).toBe(201);
    const [row] = await rowsFor('client-0001');
    expect(row).toMatchObject({
      siteId: 'daugava',
      requestId: 'req-000000001',
      level: 'error',
      message: 'Render failed',
      payload: { stack: 'Error: x', componentStack: 'at Dashboard' },
    });
  });

  it('refuses bad bodies with a 400 that names the field, and stores nothing', async () => {
    const empty = await post({ message: '  ', level: 'error' }, { 'x-client-id': 'client-0002' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ name: 'ValidationError', statusCode: 400 });
    expect(empty.json().issues[0].path).toBe('body.message');
    const level = await post({ message: 'x', level: 'panic' }, { 'x-client-id': 'client-0002' });
    expect(level.statusCode).toBe(400);
    expect(level.json().issues[0].path).toBe('body.level');
    const broken = await post('{"message":', { 'x-client-id': 'client-0002' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().requestId).toBeTruthy();
    expect(await rowsFor('client-0002')).toEqual([]);
  });

  it('refuses a body of a type it does not read with 415, and plain text with 400', async () => {
    const xml = await post('<log/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ name: 'UnsupportedMediaTypeError', statusCode: 415 });
    const text = await post('message=hi', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().name).toBe('ValidationError');
  });

  it('refuses a body over 32 KB with 413', async () => {
    const response = await post({ message: 'x', level: 'info', payload: { blob: 'y'.repeat(40_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().name).toBe('PayloadTooLargeError');
  });

  it('refuses a cross-site request (CSRF) with 403 and stores nothing', async () => {
    const fromElsewhere = await post(
      { message: 'forged', level: 'info' },
      { 'x-client-id': 'client-0003', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    );
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json().code).toBe('CROSS_SITE_REQUEST');
    const foreignOrigin = await post(
      { message: 'forged', level: 'info' },
      { 'x-client-id': 'client-0003', origin: 'https://evil.example' },
    );
    expect(foreignOrigin.statusCode).toBe(403);
    expect(await rowsFor('client-0003')).toEqual([]);
    const sameOrigin = await post({ message: 'ok', level: 'info' }, { 'x-client-id': 'client-0003', origin: `http://${HOSTS.daugava}` });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('limits a browser that logs in a loop with 429 and Retry-After', async () => {
    const headers = { 'x-forwarded-for': '10.0.0.9', 'x-client-id': 'client-0004' };
    let last = await post({ message: 'loop', level: 'warn' }, headers);
    for (let i = 0; i < 60 && last.statusCode !== 429; i++) last = await post({ message: 'loop', level: 'warn' }, headers);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeTruthy();
    expect(last.json()).toMatchObject({ name: 'RateLimitError', statusCode: 429 });
  });
});
