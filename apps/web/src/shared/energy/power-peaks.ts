import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { PowerPeaks } from '@portal/schema/energy';
import { formatUnit } from '@portal/schema/units';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { formatDateTime, inSiteTime } from '../format/site-time.ts';

export type PowerPeak = PowerPeaks['peaks'][number];

/**
 * GET /api/dashboard/power-peaks (decision 119): a month's peak hour at each metering point whose contract has a power
 * charge, an empty list elsewhere. `month` is YYYY-MM on the site's clock; the running month when left out (dashboard).
 */
export const powerPeaksQueryOptions = (month?: string) =>
  queryOptions({
    queryKey: queryKeys.dashboard.powerPeaks(month),
    queryFn: ({ signal }) => api<PowerPeaks>('/api/dashboard/power-peaks', { query: { month }, signal }),
  });

/**
 * A peak in words, as the dashboard's card and the charts' summary show it: its kW, its hour on the site's clock
 * ("Highest hour 25.10.2026 03:00–04:00"), and what the power charge bills of it. Null `hour` while there is no reading.
 */
export function powerPeakTexts(peak: PowerPeak, timezone: string, t: TFunction, locale: string) {
  const kw = (value: string) => formatUnit(value, 'kW', locale, { min: 0, max: 3 });
  const hour =
    peak.startsAt === null
      ? null
      : t('dashboard.power.hour', {
          time: `${formatDateTime(peak.startsAt, timezone)}–${inSiteTime(Date.parse(peak.startsAt) + 3_600_000, timezone).format('HH:mm')}`,
        });
  const charged = Number(peak.chargedKw) > 0;
  const charge =
    peak.thresholdKw === null
      ? t('dashboard.power.charged-all', { kw: kw(peak.chargedKw) })
      : charged
        ? t('dashboard.power.charged', { kw: kw(peak.chargedKw), threshold: kw(peak.thresholdKw) })
        : t('dashboard.power.under', { threshold: kw(peak.thresholdKw) });
  return { kw: kw(peak.kw), hour, charge, charged };
}
