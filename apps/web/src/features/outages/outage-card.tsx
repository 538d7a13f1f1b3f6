import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Outage, OutageStatus } from '@portal/schema/outages';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { STATUS_COLOURS as PALETTE } from '../../shared/ui/status-colours.ts';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark, as the invoice and contract badges. */
const STATUS_COLOURS: Record<OutageStatus, string> = {
  current: PALETTE.problem,
  planned: PALETTE.waiting,
  ended: PALETTE.done,
  cancelled: PALETTE.neutral,
};
const MINE_COLOUR = PALETTE.info;

/** One outage: where (grid area, streets, the customer's own places), when, why and how far along it is. */
export function OutageCard({ outage, timezone }: { outage: Outage; timezone: string }) {
  const { t } = useTranslation();
  const mine = outage.myPlaces.length > 0;
  const titleId = `outage-${outage.id}`;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t('outages.grid-area', { area: outage.gridArea })}
          </Title>
          <Group gap="xs">
            {mine && (
              <Badge color={MINE_COLOUR} variant="filled" leftSection={<IconHome size={14} aria-hidden />}>
                {t('outages.mine')}
              </Badge>
            )}
            <Badge color={STATUS_COLOURS[outage.status]} variant="filled">
              {t(`outages.status.${outage.status}`)}
            </Badge>
          </Group>
        </Group>
        {mine && <Text fw={600}>{t('outages.my-places', { places: outage.myPlaces.join(', ') })}</Text>}
        <Group gap="xl" wrap="wrap">
          <Fact label={t('outages.starts')} value={formatDateTime(outage.startsAt, timezone)} />
          {outage.endedAt ? (
            <Fact label={t('outages.ended-at')} value={formatDateTime(outage.endedAt, timezone)} />
          ) : (
            <Fact label={t('outages.estimated-end')} value={formatDateTime(outage.estimatedEndAt, timezone)} />
          )}
          <Fact label={t('outages.cause')} value={t(`outages.cause.${outage.cause}`)} />
        </Group>
        {outage.description && <Text>{outage.description}</Text>}
        {outage.streets.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('outages.streets')}
            </Text>
            <List size="sm" spacing={2}>
              {outage.streets.map((street) => (
                <List.Item key={`${street.postalCode}-${street.street}`}>
                  {street.street}, {street.postalCode} {street.city}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {/* Whole postal code areas an operator's staff named (decision 126); metering points stay private. */}
        {outage.postalCodes.length > 0 && <Fact label={t('outages.postal-codes')} value={outage.postalCodes.join(', ')} />}
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}
