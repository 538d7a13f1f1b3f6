import { modals } from '@mantine/modals';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * Spec §4: leaving a page with unsaved changes shows the translated leave-page confirmation; cancelling aborts
 * the navigation. Closing or reloading the tab gets the browser's own warning.
 */
export function useLeavePageGuard(unsaved: boolean) {
  const { t } = useTranslation();
  useBlocker({
    shouldBlockFn: () => {
      if (!unsaved) return false;
      return new Promise<boolean>((resolve) => {
        modals.openConfirmModal({
          title: t('forms.leave.title'),
          children: t('forms.leave.body'),
          labels: { confirm: t('forms.leave.confirm'), cancel: t('forms.leave.cancel') },
          // Mantine's default red (shade 6) under white text falls short of WCAG AA contrast; shade 9 meets it.
          confirmProps: { color: 'red.9' },
          onConfirm: () => resolve(false),
          onCancel: () => resolve(true),
          onClose: () => resolve(true),
        });
      });
    },
    enableBeforeUnload: () => unsaved,
  });
}
