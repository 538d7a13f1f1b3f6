import { Anchor, Container, Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';
import { CookieSettingsButton } from '../cookie-consent/cookie-settings-button.tsx';
import classes from './footer.module.css';
import { SiteLogo } from './site-logo.tsx';

/**
 * Screen 7: logo, a contact row with dividers and a link row. Links that carry a locale are left out of
 * the link row; every link opens in a new tab without a referrer. On phones the contacts stack, one a line,
 * as a divider at the end of a wrapped line separates nothing.
 */
export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  const links = site.links.filter((link) => !link.localeId);
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <footer className={classes.footer} aria-label={t('footer.label')}>
      <Container size="lg" py="xl">
        <Stack gap="md">
          <SiteLogo height={32} />
          <section aria-label={t('footer.contacts')}>
            <div className={classes.contacts}>
              {site.contactLinks.map((link, index) => (
                <Fragment key={link.type}>
                  {index > 0 && <Divider orientation="vertical" className={classes.divider} />}
                  <Anchor
                    href={link.url}
                    {...newTab}
                    className={classes.link}
                    aria-label={t(`footer.contact.${link.type}`, { value: link.label })}
                  >
                    {link.label}
                  </Anchor>
                </Fragment>
              ))}
            </div>
          </section>
          {links.length > 0 && (
            <nav aria-label={t('footer.links')}>
              <Group gap="lg" wrap="wrap">
                {links.map((link) => (
                  <Anchor key={`${link.type}-${link.url}`} href={link.url} {...newTab} className={classes.link}>
                    {t(`links.${link.type}`)}
                    <VisuallyHidden> {t('footer.opens-new-tab')}</VisuallyHidden>
                  </Anchor>
                ))}
              </Group>
            </nav>
          )}
          {site.features.includes('COOKIE_CONSENT') && <CookieSettingsButton inFlow />}
          <Text size="sm" className={classes.muted}>
            {t('footer.copyright', { year: new Date().getFullYear(), company: site.companyName })}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
