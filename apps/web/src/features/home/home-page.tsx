import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useSession } from '../../shared/auth/session.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import classes from './home-page.module.css';

export function HomePage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(null);
  const { session } = useSession();
  const info = useActorInfo({ enabled: !!session }).data;
  // A person the utility does not know yet lands here (docs/decisions/078): told so, not sent to empty pages.
  const newcomer = !!session && !!info && !info.customer && info.staffRoles.length === 0;
  return (
    <div className={classes.hero} style={{ backgroundImage: `url(/themes/${site.themeId}/signin-bg.svg)` }}>
      <Container size="lg" py={80}>
        <Stack gap="lg" maw={640} className={classes.panel}>
          <Title order={1}>{t('home.title', { company: site.companyName })}</Title>
          <Text size="lg">{t('home.description')}</Text>
          {newcomer ? (
            <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title={t('home.no-customer.title')}>
              {t('home.no-customer.description', { company: site.companyName })}
            </Alert>
          ) : (
            <div>
              <Button component={Link} to="/dashboard" size="md">
                {t('home.go-to-dashboard')}
              </Button>
            </div>
          )}
        </Stack>
      </Container>
    </div>
  );
}
