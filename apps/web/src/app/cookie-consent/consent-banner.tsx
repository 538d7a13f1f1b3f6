import { Button, Group, Paper, Text } from '@mantine/core';
import { use, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentStateContext, useConsentAsked } from '../../shared/consent/consent-state.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { analyticsServicesOf } from './analytics-services.ts';
import classes from './consent-banner.module.css';

type Answer = 'all' | 'necessary' | 'preferences';

/**
 * Screen 5's banner, drawn with the page, on the server too, while this browser has not answered (docs/decisions/104):
 * the page's own content comes first and stays the largest thing drawn. The consent library (vanilla-cookieconsent,
 * started by main.tsx) keeps the record, runs the accepted services and shows the preferences; the banner's buttons
 * ask it, and it says when the person has answered.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const site = useSite();
  const state = use(ConsentStateContext);
  const asked = useConsentAsked();
  const titleId = useId();
  if (!asked || !state) return null;
  const withAnalytics = analyticsServicesOf(site).length > 0;
  const answer = async (choice: Answer) => {
    await state.ready();
    const consent = await import('vanilla-cookieconsent');
    if (choice === 'preferences') return consent.showPreferences();
    consent.acceptCategory(choice === 'all' ? 'all' : []);
  };
  return (
    <Paper component="section" aria-labelledby={titleId} shadow="lg" radius="md" withBorder className={classes.banner} data-consent-banner>
      <Text id={titleId} fw={600} size="sm">
        {t('cookie-consent.title')}
      </Text>
      {/* One short line per kind of cookie: the page's own content stays the largest thing drawn (its LCP element). */}
      <ul className={classes.kinds}>
        <li>{t('cookie-consent.banner-necessary')}</li>
        <li>{t(withAnalytics ? 'cookie-consent.banner-analytics' : 'cookie-consent.banner-no-analytics')}</li>
      </ul>
      <Group gap="xs" grow wrap="nowrap" className={classes.buttons}>
        <Button size="xs" onClick={() => void answer('all')}>
          {t('cookie-consent.accept-all')}
        </Button>
        <Button size="xs" onClick={() => void answer('necessary')} data-consent-answer="necessary">
          {t('cookie-consent.reject-all')}
        </Button>
      </Group>
      <Button size="xs" variant="subtle" fullWidth onClick={() => void answer('preferences')}>
        {t('cookie-consent.manage')}
      </Button>
    </Paper>
  );
}
