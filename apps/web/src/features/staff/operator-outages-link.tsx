import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The way to the planned outages the staff publish, where the site shows outages (docs/decisions/126). */
export function OperatorOutagesLink() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-outages-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBolt size={20} aria-hidden />
          <Title order={2} size="h4" id="staff-outages-title">
            {t('outages.staff.title')}
          </Title>
        </Group>
        <Text size="sm">{t('outages.staff.description')}</Text>
        <Group>
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/staff/outages" />}>
            {t('outages.staff.link')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
