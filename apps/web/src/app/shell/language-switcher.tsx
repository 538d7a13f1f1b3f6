import { Button, Group } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, languageOf, type LocaleId } from '@portal/schema/locale-ids';
import { COOKIE, writePreferenceCookie } from '../../shared/cookies.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { switchLanguage } from '../i18n.ts';
import classes from './language-switcher.module.css';

/**
 * Screen 6: one button per site locale, the two-letter code on small screens and the full name on larger ones,
 * the active one underlined; hidden with one locale or none. Choosing replaces the route with the same path
 * and query, without scrolling. `compact`: where codes stand for the names (the header, crowded by a customer's
 * pages, uses codes up to a wide desktop). The width is the stylesheet's to judge, not a script's: the server draws
 * the page as the browser shows it, and nothing moves when the app takes it over (decision 104).
 */
export function LanguageSwitcher({ compact = 'phones' }: { compact?: 'phones' | 'below-wide-desktops' }) {
  const site = useSite();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (site.locales.length <= 1) return null;

  async function choose(locale: LocaleId) {
    writePreferenceCookie(COOKIE.locale, locale);
    await switchLanguage(i18n, locale);
    await navigate({ to: location.pathname, search: location.search, hash: location.hash, replace: true, resetScroll: false });
  }

  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('language.label')} data-compact={compact}>
      {site.locales.map(({ id }) => {
        const active = i18n.language === id;
        const name = LOCALE_NAMES[id];
        return (
          <Button
            key={id}
            variant="subtle"
            size="compact-sm"
            className={classes.button}
            data-active={active || undefined}
            aria-current={active ? 'true' : undefined}
            lang={languageOf(id)}
            onClick={() => void choose(id)}
          >
            <span aria-hidden className={classes.code}>
              {languageOf(id).toUpperCase()}
            </span>
            <span className={classes.name}>{name}</span>
          </Button>
        );
      })}
    </Group>
  );
}
