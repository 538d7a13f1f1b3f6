import { ActionIcon } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './cookie-settings-button.module.css';

/** Screen 5: the round 52px button at the bottom-left that reopens the consent preferences. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  return (
    <ActionIcon
      className={classes.button}
      size={52}
      radius={52}
      variant="filled"
      aria-label={t('cookie-consent.open-settings')}
      onClick={() => void import('vanilla-cookieconsent').then((consent) => consent.showPreferences())}
    >
      <IconCookie size={26} aria-hidden />
    </ActionIcon>
  );
}
