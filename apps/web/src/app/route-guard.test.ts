import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../route-tree.gen.ts';
import { stubApi } from '../test/api-stub.ts';
import { buildSession } from '../test/identity-factories.ts';

async function open(path: string) {
  const router = createRouter({
    routeTree,
    context: { queryClient: new QueryClient() },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return router.state.location;
}

describe('pages that need a session (spec §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('send a signed-out person to sign in, with the page to come back to and the reason', async () => {
    stubApi({ 'GET /api/auth/session': null });
    const location = await open('/dashboard?period=month');
    expect(location.pathname).toBe('/auth/signin');
    expect(location.search).toEqual({ callbackUrl: '/dashboard?period=month', error: 'SessionRequired' });
  });

  it('open for a signed-in person', async () => {
    stubApi({ 'GET /api/auth/session': buildSession() });
    expect((await open('/dashboard')).pathname).toBe('/dashboard');
  });

  it('leave the home page public', async () => {
    const fetchMock = stubApi({});
    expect((await open('/')).pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
