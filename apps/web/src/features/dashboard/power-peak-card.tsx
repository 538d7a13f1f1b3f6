import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PowerPeaks } from '@portal/schema/energy';
import { formatUnit } from '@portal/schema/units';
import { useTranslation } from 'react-i18next';
import { formatDateTime, inSiteTime } from '../../shared/format/site-time.ts';
import { powerPeaksQueryOptions } from './dashboard-queries.ts';

type Peak = PowerPeaks['peaks'][number];

/**
 * The running month's peak hour and its kW at each metering point whose contract has a power charge (decision 119):
 * the hour the bill will charge, and how much of it is above the threshold. Shown only to such customers.
 */
export function PowerPeakCard({ peaks }: { peaks: PowerPeaks }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="power-peak-title" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h3" id="power-peak-title">
          {t('dashboard.power.title')}
        </Title>
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {peaks.peaks.map((peak) => (
            <li key={peak.meteringPointId}>
              <PeakOfPoint peak={peak} timezone={peaks.timezone} several={peaks.peaks.length > 1} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function PeakOfPoint({ peak, timezone, several }: { peak: Peak; timezone: string; several: boolean }) {
  const { t, i18n } = useTranslation();
  const kw = (value: string) => formatUnit(value, 'kW', i18n.language, { min: 0, max: 3 });
  const charged = Number(peak.chargedKw) > 0;
  return (
    <Stack gap={2}>
      {several && (
        <Text size="xs" c="dimmed">
          {t('dashboard.power.point', { gsrn: peak.gsrn })}
        </Text>
      )}
      {peak.startsAt === null ? (
        <Text size="sm">{t('dashboard.power.none')}</Text>
      ) : (
        <>
          <Text fw={700} fz="xl">
            {kw(peak.kw)}
          </Text>
          <Text size="sm">
            {t('dashboard.power.hour', {
              time: `${formatDateTime(peak.startsAt, timezone)}–${inSiteTime(Date.parse(peak.startsAt) + 3_600_000, timezone).format('HH:mm')}`,
            })}
          </Text>
          <Text size="sm" c={charged ? undefined : 'dimmed'}>
            {peak.thresholdKw === null
              ? t('dashboard.power.charged-all', { kw: kw(peak.chargedKw) })
              : charged
                ? t('dashboard.power.charged', { kw: kw(peak.chargedKw), threshold: kw(peak.thresholdKw) })
                : t('dashboard.power.under', { threshold: kw(peak.thresholdKw) })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The card's query, for the overview to wait on so the card never jumps in after paint. */
export const usePowerPeaks = () => useQuery(powerPeaksQueryOptions);
