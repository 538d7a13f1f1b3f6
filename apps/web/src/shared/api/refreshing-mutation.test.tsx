import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
});
