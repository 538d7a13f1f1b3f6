import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanPreview } from '@portal/schema/power';
import { formatUnit } from '@portal/schema/units';
import { inSiteTime } from '../../shared/format/site-time.ts';

/**
 * Why a plan left hours out, where the point's contract has a power charge (docs/decisions/128): the hours whose
 * expected average with the load on would raise this month's power peak, or, when too few hours stayed under it,
 * the chosen hours that raise it after all.
 */
export function PlanPeakNote({ preview, timezone }: { preview: PlanPreview; timezone: string }) {
  const { t, i18n } = useTranslation();
  if (!preview.peak) return null;
  const kw = (value: number) => formatUnit(value, 'kW', i18n.language, { min: 1, max: 1 });
  const limit = kw(preview.peak.limitKw);
  const listed = preview.hours.filter((hour) => hour.raisesPeak && hour.chosen === preview.peak!.raised);
  const hourText = (hour: PlanPreview['hours'][number]) =>
    t('power.plan.peak.hour', { time: inSiteTime(hour.startsAt, timezone).format('HH:mm'), expected: kw(hour.expectedKw ?? 0) });
  return (
    // The heading is plain text: an Alert's coloured title falls under the contrast ratio on some themes (axe).
    <Alert color={preview.peak.raised ? 'orange' : 'blue'} variant="light" data-testid="plan-peak" data-raised={preview.peak.raised}>
      <Text size="sm" fw={700}>
        {t('power.plan.peak.title')}
      </Text>
      {listed.length === 0 ? (
        <Text size="sm">{t('power.plan.peak.clear', { limit })}</Text>
      ) : (
        <>
          <Text size="sm">{t(preview.peak.raised ? 'power.plan.peak.raised' : 'power.plan.peak.kept', { limit })}</Text>
          <List size="sm" mt={4}>
            {listed.map((hour) => (
              <List.Item key={hour.startsAt}>{hourText(hour)}</List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
