import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.not-found'));
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('not-found.title')}</Title>
        <Text>{t('not-found.description')}</Text>
        <Anchor component={Link} to="/">
          {t('not-found.back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
