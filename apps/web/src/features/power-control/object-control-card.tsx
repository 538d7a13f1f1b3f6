import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SiteFeature } from '@portal/schema/features';
import type { CommandAnswer, MeteringPointStatus } from '@portal/schema/power';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { CheapestHoursPlan } from './cheapest-hours-plan.tsx';
import { ConnectionControl } from './connection-control.tsx';
import { HanPortControl } from './han-port-control.tsx';
import { LivePowerPanel } from './live-power-panel.tsx';
import { LoadSwitch } from './load-switch.tsx';

type Props = { meter: MeteringPointStatus; features: readonly SiteFeature[]; onCommand: (answer: CommandAnswer, label: string) => void };

/** One object: its connection, its loads' switches, its HAN port, live power and cheapest-hours plans, as the site offers them. */
export function ObjectControlCard({ meter, features, onCommand }: Props) {
  const { t } = useTranslation();
  const site = useSite();
  const address = `${meter.address.street}, ${meter.address.city}`;
  const relays = features.includes('RELAY_CONTROL');
  const plannable = meter.loads.filter((load) => load.plannable);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`object-${meter.objectId}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={`object-${meter.objectId}`}>
              {address}
            </Title>
            <Text size="sm" c="dimmed">
              {t('power.meter', { gsrn: meter.gsrn })}
              {meter.lastSeenAt ? ` · ${t('power.last-seen', { time: formatDateTime(meter.lastSeenAt, site.timezone) })}` : ''}
            </Text>
          </Stack>
          <ConnectionControl
            connection={meter.connection}
            canSwitch={features.includes('POWER_CONTROL_ON_OFF')}
            address={address}
            onCommand={onCommand}
          />
        </Group>
        {relays && meter.loads.length > 0 && (
          <Stack gap="sm" component="section" aria-label={t('power.loads.title')}>
            <Title order={3} size="h4">
              {t('power.loads.title')}
            </Title>
            {meter.loads.map((load) => (
              <LoadSwitch key={load.id} load={load} onCommand={onCommand} />
            ))}
          </Stack>
        )}
        {features.includes('POWER_CONTROL_HAN_PORT') && (
          <>
            <Divider />
            <HanPortControl hanPort={meter.hanPort} onCommand={onCommand} />
          </>
        )}
        {features.includes('LIVE_READINGS') && (
          <>
            <Divider />
            <LivePowerPanel objectId={meter.objectId} address={address} onCommand={onCommand} />
          </>
        )}
        {relays && plannable.length > 0 && (
          <>
            <Divider />
            <CheapestHoursPlan loads={plannable} />
          </>
        )}
      </Stack>
    </Card>
  );
}
