import { ActionIcon } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentStateContext } from '../../shared/consent/consent-state.ts';
import classes from './cookie-settings-button.module.css';

/** Screen 5: the round 52px button at the bottom-left that reopens the consent preferences. */
export function CookieSettingsButton() {
  const { t } = useTranslation();
  const consent = use(ConsentStateContext);
  // The library starts with the first click where the page had no need of it (decision 105).
  const openPreferences = async () => {
    await consent?.ready();
    (await import('vanilla-cookieconsent')).showPreferences();
  };
  return (
    <ActionIcon
      className={classes.button}
      size={52}
      radius={52}
      variant="filled"
      aria-label={t('cookie-consent.open-settings')}
      onClick={() => void openPreferences()}
    >
      <IconCookie size={26} aria-hidden />
    </ActionIcon>
  );
}
