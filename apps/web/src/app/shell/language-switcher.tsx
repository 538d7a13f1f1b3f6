import { Button, Group, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
 * and query, without scrolling. `compactBelow`: the width under which codes stand for the names (the header,
 * crowded by a customer's pages, uses codes up to a wide desktop).
 */
export function LanguageSwitcher({ compactBelow = '30em' }: { compactBelow?: string }) {
  const site = useSite();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const small = useMediaQuery(`(max-width: ${compactBelow})`);
  if (site.locales.length <= 1) return null;

  async function choose(locale: LocaleId) {
    writePreferenceCookie(COOKIE.locale, locale);
    await switchLanguage(i18n, locale);
    await navigate({ to: location.pathname, search: location.search, hash: location.hash, replace: true, resetScroll: false });
  }

  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('language.label')}>
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
            {small ? (
              <>
                <span aria-hidden>{languageOf(id).toUpperCase()}</span>
                <VisuallyHidden>{name}</VisuallyHidden>
              </>
            ) : (
              name
            )}
          </Button>
        );
      })}
    </Group>
  );
}
