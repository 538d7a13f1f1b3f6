import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../ui/confirm-modal.ts';

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
        openConfirm({
          title: t('forms.leave.title'),
          children: t('forms.leave.body'),
          labels: { confirm: t('forms.leave.confirm'), cancel: t('forms.leave.cancel') },
          danger: true,
          onConfirm: () => resolve(false),
          onCancel: () => resolve(true),
          onClose: () => resolve(true),
        });
      });
    },
    enableBeforeUnload: () => unsaved,
  });
}
