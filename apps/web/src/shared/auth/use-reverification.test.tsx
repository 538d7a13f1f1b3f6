import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/api-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { isReverificationDue, useReverification } from './use-reverification.ts';

const NOW = new Date('2025-03-01T10:00:00.000Z').getTime();
const secondsAgo = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

function Probe() {
  return <p>{useReverification() ? 'verify again' : 'verified'}</p>;
}

describe('isReverificationDue (spec §9: elapsed when the difference exceeds the period)', () => {
  it('is due only once the difference exceeds the period in seconds', () => {
    expect(isReverificationDue(secondsAgo(3599), 3600, NOW)).toBe(false);
    expect(isReverificationDue(secondsAgo(3600), 3600, NOW)).toBe(false);
    expect(isReverificationDue(secondsAgo(3601), 3600, NOW)).toBe(true);
  });

  it('is never due without a verification time', () => {
    expect(isReverificationDue(null, 3600, NOW)).toBe(false);
  });
});

describe('useReverification', () => {
  beforeEach(() => {
    // Timers also advance with real time, so the page's own waits (fetch, rendering) still run.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is true on load when the period has already elapsed', async () => {
    stubApi({
      'GET /api/auth/session': buildSession({ verifiedAt: secondsAgo(7200) }),
      'GET /api/info': buildActorInfo({ reverificationPeriodSeconds: 3600 }),
    });
    await renderWithProviders(<Probe />);
    expect(await screen.findByText('verify again')).toBeInTheDocument();
  });

  it('stays false within the period and turns true at the next 30-second check after it elapses', async () => {
    stubApi({
      'GET /api/auth/session': buildSession({ verifiedAt: secondsAgo(3590) }),
      'GET /api/info': buildActorInfo({ reverificationPeriodSeconds: 3600 }),
    });
    await renderWithProviders(<Probe />);
    // Let the session and actor info arrive, then check that the flag is still down.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('verified')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByText('verify again')).toBeInTheDocument();
  });

  it('turns true when the server refuses a change for want of a fresh verification, whatever the clock says', async () => {
    stubApi({
      'GET /api/auth/session': buildSession({ verifiedAt: secondsAgo(60) }),
      'GET /api/info': buildActorInfo({ reverificationPeriodSeconds: 3600 }),
      'PUT /api/me': new Response(JSON.stringify({ name: 'UnauthorizedError', code: 'REVERIFICATION_REQUIRED', statusCode: 401 }), {
        status: 401,
      }),
    });
    const { queryClient } = await renderWithProviders(<Probe />);
    expect(await screen.findByText('verified')).toBeInTheDocument();
    await act(async () => {
      await queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => api('/api/me', { method: 'PUT', body: {} }) })
        .execute(undefined)
        .catch(() => undefined);
    });
    expect(await screen.findByText('verify again')).toBeInTheDocument();
  });

  it('is false when signed out', async () => {
    stubApi({ 'GET /api/auth/session': null });
    await renderWithProviders(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('verified')).toBeInTheDocument();
  });
});
