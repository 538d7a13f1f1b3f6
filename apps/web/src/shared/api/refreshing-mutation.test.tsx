import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { api } from './api-client.ts';
import { useRefreshingMutation } from './refreshing-mutation.ts';

/** A list and a button that changes it, as the feature pages use the two. */
function Sessions() {
  const list = useQuery({ queryKey: ['me', 'sessions'], queryFn: () => api<{ count: number }>('/api/me/sessions') });
  const other = useQuery({ queryKey: ['me', 'profile'], queryFn: () => api<{ name: string }>('/api/me/profile') });
  const end = useRefreshingMutation(['me', 'sessions'], () => api<null>('/api/me/sessions/s-2', { method: 'DELETE' }));
  return (
    <>
      <p>{list.data ? `${list.data.count} sessions` : 'loading'}</p>
      <p>{other.data?.name}</p>
      <Button onClick={() => end.mutate(undefined)}>Sign out the other</Button>
    </>
  );
}

/** Two points' readings and a form that enters one: the key to refresh depends on what was sent. */
function Readings() {
  const queryClient = useQueryClient();
  const first = useQuery({ queryKey: ['readings', 'mp-1'], queryFn: () => api<{ count: number }>('/api/readings/mp-1') });
  const second = useQuery({ queryKey: ['readings', 'mp-2'], queryFn: () => api<{ count: number }>('/api/readings/mp-2') });
  const saved = useQuery({ queryKey: ['last-saved'], queryFn: () => 'nothing', staleTime: Infinity });
  const enter = useRefreshingMutation(
    (point: string) => ['readings', point],
    (point: string) => api<{ saved: string }>(`/api/readings/${point}`, { method: 'POST' }),
    { onSuccess: (answer) => queryClient.setQueryData(['last-saved'], answer.saved) },
  );
  return (
    <>
      <p>{`first ${first.data?.count ?? '…'}, second ${second.data?.count ?? '…'}, saved ${saved.data ?? '…'}`}</p>
      <Button onClick={() => enter.mutate('mp-2')}>Enter the second</Button>
    </>
  );
}

describe('useRefreshingMutation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches what it touched again once the change is done, and nothing else', async () => {
    let count = 2;
    const fetchMock = stubApi({
      'GET /api/me/sessions': () => ({ count }),
      'GET /api/me/profile': { name: 'Aino' },
      'DELETE /api/me/sessions/s-2': () => {
        count = 1;
        return null;
      },
    });
    await renderWithProviders(<Sessions />);
    expect(await screen.findByText('2 sessions')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out the other' }));
    expect(await screen.findByText('1 sessions')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/me/profile')).toHaveLength(1);
  });

  it('fetches it again when the server refused the change too: the page shows what the server holds', async () => {
    const fetchMock = stubApi({
      'GET /api/me/sessions': { count: 2 },
      'GET /api/me/profile': { name: 'Aino' },
      'DELETE /api/me/sessions/s-2': new Response(JSON.stringify({ name: 'ConflictError', statusCode: 409 }), { status: 409 }),
    });
    await renderWithProviders(<Sessions />);
    expect(await screen.findByText('2 sessions')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out the other' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/me/sessions')).toHaveLength(2));
  });

  it('refreshes the key made from what was sent, after the answer has been put where onSuccess puts it', async () => {
    let second = 1;
    const fetchMock = stubApi({
      'GET /api/readings/mp-1': { count: 5 },
      'GET /api/readings/mp-2': () => ({ count: second }),
      'POST /api/readings/mp-2': () => {
        second = 2;
        return { saved: 'mp-2' };
      },
    });
    await renderWithProviders(<Readings />);
    expect(await screen.findByText('first 5, second 1, saved nothing')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enter the second' }));
    expect(await screen.findByText('first 5, second 2, saved mp-2')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/readings/mp-1')).toHaveLength(1);
  });
});
