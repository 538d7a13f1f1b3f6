import type { OpenConfirmModal } from '@mantine/modals';
import type { ReactNode } from 'react';
import { onModalStack } from './modal-stack.ts';

type ConfirmOptions = {
  title: ReactNode;
  children: ReactNode;
  onConfirm: () => void;
  onCancel?: () => void;
  /** Closed any other way than its buttons (Escape, the close button, the overlay). */
  onClose?: () => void;
  /** The modal's own button texts, where "Confirm" and "Cancel" do not say enough. */
  labels?: OpenConfirmModal['labels'];
  danger?: boolean;
};

let opened = 0;

/**
 * Screen 8 modal stack: opens a confirm modal on top of any open one and returns its id for `updateModal`; cancelling
 * runs the cancel handler. The stack's code loads with the first modal (`onModalStack`), so the modal shows a moment
 * after the call on a page's first one.
 */
export function openConfirm({ title, children, onConfirm, onCancel, onClose, labels, danger }: ConfirmOptions): string {
  opened += 1;
  const modalId = `confirm-${opened}`;
  onModalStack((modals) =>
    modals.openConfirmModal({
      modalId,
      title,
      children,
      onConfirm,
      onCancel,
      onClose,
      labels,
      // Mantine's default red (shade 6) under white text falls short of WCAG AA contrast; shade 9 meets it.
      confirmProps: danger ? { color: 'red.9' } : undefined,
    }),
  );
  return modalId;
}

export const closeAllModals = () => onModalStack((modals) => modals.closeAll());

export const updateModal = (payload: { modalId: string } & Partial<Omit<OpenConfirmModal, 'modalId'>>) =>
  onModalStack((modals) => modals.updateModal(payload));
