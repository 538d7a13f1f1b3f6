import { Group, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconHeadset } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../auth/actor-info.ts';

type Props = { title: string; description?: ReactNode };

/**
 * A customer page's heading. When the data shown is not the signed-in person's own (a company they represent,
 * or a customer staff act for), the heading says whose it is, so nobody takes one customer's data for another's.
 */
export function PageTitle({ title, description }: Props) {
  const { t } = useTranslation();
  const info = useActorInfo({ enabled: true }).data;
  const other = info && info.actingAs !== 'self' ? info.customer : null;
  const Icon = info?.actingAs === 'staff' ? IconHeadset : IconBuilding;
  return (
    <Stack gap={4}>
      {other && (
        <Group gap={6} wrap="nowrap" data-testid="page-customer">
          <Icon size={18} aria-hidden />
          <Text fw={600}>{t('page.customer', { name: other.name, clientCode: other.clientCode })}</Text>
        </Group>
      )}
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
