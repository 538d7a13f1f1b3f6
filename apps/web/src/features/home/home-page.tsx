import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import classes from './home-page.module.css';

export function HomePage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(null);
  return (
    <div className={classes.hero} style={{ backgroundImage: `url(/themes/${site.themeId}/signin-bg.svg)` }}>
      <Container size="lg" py={80}>
        <Stack gap="lg" maw={640} className={classes.panel}>
          <Title order={1}>{t('home.title', { company: site.companyName })}</Title>
          <Text size="lg">{t('home.description')}</Text>
          <div>
            <Button component={Link} to="/dashboard" size="md">
              {t('home.go-to-dashboard')}
            </Button>
          </div>
        </Stack>
      </Container>
    </div>
  );
}
