import { describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

/** What the audit's fuzzing found: NUL bytes and invalid UTF-8 reached the database and came back as 500. */
describe('text no client can mean', () => {
  const ctx = useTestApp();
  const json = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

  it.each([
    ['path', 'GET', '/api/invoices/a%00b', undefined],
    ['query', 'GET', '/api/usage-points/technical-data?meteringPointId=a%00b', undefined],
    ['body', 'POST', '/api/logs', '{"message":"a\\u0000b","level":"info"}'],
    ['body', 'POST', '/api/logs', '{"message":"half a pair \\ud800","level":"info"}'],
    ['body', 'PUT', '/api/invoices/X-1/postpone', '{"dueDate":"2026-01-01","\\u0000":1}'],
  ] as const)('refuses it in the %s: %s %s', async (part, method, url, payload) => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const response = await ctx.app.inject({ method, url, headers: { host: HOSTS.lumo, cookie, ...json }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_CHARACTERS', statusCode: 400, requestId: expect.any(String) });
    expect(response.json().message).toContain(part);
  });

  it('refuses a NUL in a staff member’s client code before any lookup', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/acting-customer',
      headers: { host: HOSTS.lumo, cookie, ...json },
      payload: '{"clientCode":"LUMO\\u0000-100001"}',
    });
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CHARACTERS' });
  });

  it('refuses a NUL in the session cookie rather than looking it up', async () => {
    const response = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie: 'authjs.session-token=a%00b' } });
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CHARACTERS' });
  });

  it('answers an address that is not valid percent-encoded UTF-8 with the standard body and headers', async () => {
    const bad = await ctx.app.inject({ url: '/api/invoices/%ED%A0%80', headers: { host: HOSTS.lumo } });
    const normal = await ctx.app.inject({ url: '/api/countries/ZZ', headers: { host: HOSTS.lumo } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ name: 'ValidationError', code: 'BAD_URL', statusCode: 400, requestId: bad.headers['x-request-id'] });
    const securityHeaders = Object.keys(normal.headers).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection', 'x-request-id', 'cache-control'].includes(name),
    );
    expect(securityHeaders.length).toBeGreaterThan(8);
    for (const name of securityHeaders) expect(bad.headers[name], name).toBe(normal.headers[name]);
  });

  it('limits the auth client’s log lines like the web client’s', async () => {
    const message = 'x'.repeat(1000);
    const payload = JSON.stringify({ message, level: 'info', payload: { filler: 'y'.repeat(40 * 1024) } });
    for (const url of ['/api/logs', '/api/auth/_log']) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { host: HOSTS.lumo, ...json }, payload });
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
    }
  });
});
