import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ErrorScreen } from './error-screen.tsx';

describe('ErrorScreen (screen 3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the user-id code, reports the error to the client log and reloads on request', async () => {
    document.cookie = '__user-id=4c1d-user-code; path=/';
    const fetchMock = vi.fn(async () => new Response('{"id":"1"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, href: 'http://lumo.localhost/dashboard' });
    const error = new Error('Cannot read properties of undefined');
    await renderWithProviders(<ErrorScreen error={error} info={{ componentStack: '\n    at Dashboard' }} reset={() => {}} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Code: 4c1d-user-code')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logs');
    expect(JSON.parse(String(init.body))).toMatchObject({
      level: 'error',
      message: 'Cannot read properties of undefined',
      payload: { componentStack: '\n    at Dashboard' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalled();
  });
});
