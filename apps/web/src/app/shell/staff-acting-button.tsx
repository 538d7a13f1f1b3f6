import { ActionIcon } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The popover's button; the same drawn closed and as the popover's target. */
export function StaffActingButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" size="lg" color="var(--portal-header-text)" aria-label={t('user-menu.staff.open')} {...props}>
      <IconHeadset size={20} aria-hidden />
    </ActionIcon>
  );
}
