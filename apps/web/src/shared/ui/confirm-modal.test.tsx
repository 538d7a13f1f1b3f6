import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { closeAllModals, openConfirm, updateModal } from './confirm-modal.ts';
import { onModalStack } from './modal-stack.ts';

describe('modal stack (screen 8)', () => {
  it('runs the cancel handler when a confirm modal is cancelled, and confirm on confirm', async () => {
    await renderWithProviders(<div />);
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    openConfirm({ title: 'End contract?', children: 'The contract ends on 31.12.2026.', onConfirm, onCancel });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();

    openConfirm({ title: 'Postpone?', children: 'New due date 15.12.2026', onConfirm, onCancel });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('stacks modals, updates one in place and closes them all', async () => {
    await renderWithProviders(<div />);
    openConfirm({ title: 'First', children: 'one', onConfirm: () => {} });
    const second = openConfirm({ title: 'Second', children: 'two', onConfirm: () => {} });
    expect(await screen.findByText('two')).toBeInTheDocument();
    updateModal({ modalId: second, title: 'Second, updated' });
    expect(await screen.findByText('Second, updated')).toBeInTheDocument();
    closeAllModals();
    await waitFor(() => {
      expect(screen.queryByText('one')).toBeNull();
      expect(screen.queryByText('two')).toBeNull();
    });
  });

  it('reports a modal that could not be opened, and opens the ones asked for after it', async () => {
    const fetchMock = vi.fn(async () => new Response('{"id":"1"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await renderWithProviders(<div />);
      onModalStack(() => {
        throw new Error('chunk failed to load');
      });
      openConfirm({ title: 'After the failure', children: 'still opens', onConfirm: () => {} });
      expect(await screen.findByText('still opens')).toBeInTheDocument();
      const logged = fetchMock.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)));
      expect(logged).toContainEqual(expect.objectContaining({ level: 'error', message: expect.stringContaining('chunk failed to load') }));
      closeAllModals();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
