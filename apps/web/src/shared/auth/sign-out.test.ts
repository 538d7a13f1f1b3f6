import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { signOut } from './sign-out.ts';

describe('signOut', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the csrf token as a form and asks Auth.js for its answer as JSON', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/csrf': { csrfToken: 'csrf-9' },
      'POST /api/auth/signout': { url: 'http://lumo.localhost/' },
    });
    await signOut();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/signout')!;
    expect(Object.fromEntries(init!.body as URLSearchParams)).toEqual({ csrfToken: 'csrf-9', callbackUrl: '/' });
    expect((init!.headers as Record<string, string>)['X-Auth-Return-Redirect']).toBe('1');
    expect(callsTo(fetchMock, 'POST', '/api/auth/signout')).toHaveLength(1);
  });

  it('fails when Auth.js answers with its error page', async () => {
    stubApi({
      'GET /api/auth/csrf': { csrfToken: 'stale' },
      'POST /api/auth/signout': { url: 'http://lumo.localhost/auth/error?error=MissingCSRF' },
    });
    await expect(signOut()).rejects.toMatchObject({ name: 'MissingCSRF', status: 400 });
  });
});
