import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

type ConfirmOptions = {
  title: ReactNode;
  children: ReactNode;
  onConfirm: () => void;
  onCancel?: () => void;
  danger?: boolean;
};

/**
 * Screen 8 modal stack: opens a confirm modal on top of any open one and returns its id for
 * modals.close / modals.updateModal; cancelling runs the cancel handler.
 */
export function openConfirm({ title, children, onConfirm, onCancel, danger }: ConfirmOptions): string {
  return modals.openConfirmModal({
    title,
    children,
    onConfirm,
    onCancel,
    confirmProps: danger ? { color: 'red' } : undefined,
  });
}

export const closeAllModals = () => modals.closeAll();
export const updateModal = modals.updateModal;
