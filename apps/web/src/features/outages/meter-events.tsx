import { Card, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { usagePointsQueryOptions } from '../../shared/energy/usage-points.ts';
import { useMeterEvents } from './outage-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** Spec §1 meter events: the customer picks one of their metering points and reads what its meter reported. */
export function MeterEvents({ timezone }: { timezone: string }) {
  const { t, i18n } = useTranslation();
  const points = useQuery(usagePointsQueryOptions);
  const [chosen, setChosen] = useState<string | null>(null);
  const gsrn = chosen ?? points.data?.[0]?.gsrn ?? null;
  const events = useMeterEvents(gsrn);
  const voltage = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="meter-events-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" id="meter-events-title">
            {t('outages.meter-events.title')}
          </Title>
          <Text c="dimmed">{t('outages.meter-events.description')}</Text>
        </Stack>
        {!points.data ? (
          <LoadState query={points} height={36} />
        ) : !points.data?.length ? (
          <Text>{t('outages.meter-events.no-meters')}</Text>
        ) : (
          <>
            <Select
              label={t('outages.meter-events.meter')}
              data={points.data.map((point) => ({
                value: point.gsrn,
                label: `${point.address.street}, ${point.address.city} – ${point.gsrn}`,
              }))}
              value={gsrn}
              onChange={(value) => value && setChosen(value)}
              allowDeselect={false}
              maw={520}
            />
            {!events.data ? (
              <LoadState query={events} height={120} />
            ) : !events.data?.length ? (
              <Text>{t('outages.meter-events.none')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={320}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('outages.meter-events.time')}</Table.Th>
                      <Table.Th scope="col">{t('outages.meter-events.event')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {events.data.map((event) => (
                      <Table.Tr key={event.id}>
                        <Table.Td>{formatDateTime(event.occurredAt, timezone)}</Table.Td>
                        <Table.Td>
                          {t(`outages.event.${event.kind}`)}
                          {event.voltage !== null && ` (${t('outages.meter-events.voltage', { voltage: voltage.format(event.voltage) })})`}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
