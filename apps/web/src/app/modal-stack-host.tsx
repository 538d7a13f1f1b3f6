import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { modalStackDrawn } from '../shared/ui/modal-stack.ts';

/**
 * Spec §4 and §9: the modal stack (200 ms transitions), drawn beside the page once a modal is asked for. The page
 * opens modals by `onModalStack` (Mantine's `modals.*` events), so the stack need not wrap it.
 */
export default function ModalStackHost() {
  const { t } = useTranslation();
  // The provider's own listeners are attached in its effects, which run before this one.
  useEffect(modalStackDrawn, []);
  return (
    <ModalsProvider
      labels={{ confirm: t('modal.confirm'), cancel: t('modal.cancel') }}
      modalProps={{ transitionProps: { duration: 200 }, yOffset: '5dvh' }}
    />
  );
}
