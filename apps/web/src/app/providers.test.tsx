import { Drawer, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';

describe('Providers', () => {
  it('names every close button in the reader’s language: dialogs, drawers and notifications', async () => {
    await renderWithProviders(
      <>
        <Modal opened onClose={() => {}} title="A dialog">
          Body
        </Modal>
        <Drawer opened onClose={() => {}} title="A drawer">
          Body
        </Drawer>
      </>,
    );
    act(() => void notifications.show({ message: 'Saved', withCloseButton: true }));
    expect(await screen.findByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    act(() => notifications.clean());
  });

  it('loads the notifications only with the first one raised (decision 105), and shows that one', async () => {
    const { container } = await renderWithProviders(<p>Page</p>);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => void notifications.show({ message: 'Saved before the container was there' }));
    expect(await screen.findByText('Saved before the container was there')).toBeInTheDocument();
    expect(container).toHaveTextContent('Page');
    act(() => notifications.clean());
  });
});
