import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchServiceWorker } from '../../shared/push/service-worker-updates.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

describe('the update prompt (docs/decisions/045)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('offers the new release once its worker waits, and lets it take over when asked', async () => {
    const listeners: Record<string, () => void> = {};
    const waiting = { postMessage: vi.fn(), state: 'installed' };
    const registration = { waiting, addEventListener: vi.fn(), update: vi.fn(async () => undefined) };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
        // A worker of the release before controls this page.
        controller: {},
        addEventListener: (event: string, listener: () => void) => {
          listeners[event] = listener;
        },
      },
    });
    await renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).toBeNull();
    watchServiceWorker();
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load new version' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    await waitFor(() => expect(listeners.controllerchange).toBeDefined());
  });
});
