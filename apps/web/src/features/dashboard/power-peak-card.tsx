import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PowerPeaks } from '@portal/schema/energy';
import { useTranslation } from 'react-i18next';
import { powerPeaksQueryOptions, powerPeakTexts, type PowerPeak } from '../../shared/energy/power-peaks.ts';

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

function PeakOfPoint({ peak, timezone, several }: { peak: PowerPeak; timezone: string; several: boolean }) {
  const { t, i18n } = useTranslation();
  const texts = powerPeakTexts(peak, timezone, t, i18n.language);
  return (
    <Stack gap={2}>
      {several && (
        <Text size="xs" c="dimmed">
          {t('dashboard.power.point', { gsrn: peak.gsrn })}
        </Text>
      )}
      {texts.hour === null ? (
        <Text size="sm">{t('dashboard.power.none')}</Text>
      ) : (
        <>
          <Text fw={700} fz="xl">
            {texts.kw}
          </Text>
          <Text size="sm">{texts.hour}</Text>
          <Text size="sm" c={texts.charged ? undefined : 'dimmed'}>
            {texts.charge}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The card's query, for the overview to wait on so the card never jumps in after paint. */
export const usePowerPeaks = () => useQuery(powerPeaksQueryOptions());
