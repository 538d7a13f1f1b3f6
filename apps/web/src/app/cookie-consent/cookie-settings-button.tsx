import { ActionIcon, Button } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentStateContext } from '../../shared/consent/consent-state.ts';
import classes from './cookie-settings-button.module.css';

/**
 * Screen 5: the control that reopens the consent preferences. On wide screens the round 52px button floats at the
 * bottom-left, in the page's margin; narrower (phones and tablets) it would sit on content (issue 27: the first
 * invoice's Pay button), so there the same control stands in the footer (`inFlow`), taking its own room.
 */
export function CookieSettingsButton({ inFlow = false }: { inFlow?: boolean }) {
  const { t } = useTranslation();
  const consent = use(ConsentStateContext);
  // The library starts with the first click where the page had no need of it (decision 105).
  const openPreferences = async () => {
    await consent?.ready();
    (await import('vanilla-cookieconsent')).showPreferences();
  };
  if (inFlow) {
    return (
      <Button
        className={classes.inFlow}
        variant="default"
        size="sm"
        leftSection={<IconCookie size={18} aria-hidden />}
        onClick={() => void openPreferences()}
      >
        {t('cookie-consent.open-settings')}
      </Button>
    );
  }
  return (
    <ActionIcon
      className={classes.floating}
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
