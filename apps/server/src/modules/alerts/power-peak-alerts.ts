import { localDate } from '@portal/schema/calendar-dates';
import type { LiveReading } from '@portal/schema/power';
import type { SiteBootstrap } from '@portal/schema/site';
import type { MeterAddress } from '../../integrations/head-end/port.ts';
import type { Database } from '../../platform/database.ts';
import { whToKwh } from '../../platform/exact-money.ts';
import { vatRateRows } from '../pricing/vat-rate-repository.ts';
import { vatPermilleOn, vatSchedule } from '../pricing/vat-rates.ts';
import type { AlertFacts } from './alert-messages.ts';
import type { ActiveSetting } from './alert-repository.ts';
import { powerPeakRepository, type WatchedPoint } from './power-peak-repository.ts';
import { peakLimitW } from '../pricing/tariff.ts';
import { alertLevelWh, projectedHourWh, raiseCents } from './power-peak-rule.ts';

const HOUR_MS = 3_600_000;
/** A live reading older than this says nothing about the running hour: the meter has gone quiet. */
const STALE_READING_MS = 2 * 60_000;

/** The live readings of this server copy (decision 062's hub), as the alert asks for them. */
export type LiveMeters = { latest(meter: MeterAddress): Promise<{ latest: LiveReading | null }> };

export type PowerPeakFacts = Extract<AlertFacts, { subject: 'POWER_PEAK' }>;
type Decision = { customerId: string; alertKey: string; facts: PowerPeakFacts; setting: ActiveSetting };

/** One hour of one point measured against the month's peak before it: the facts of an alert, or null. */
async function judge(
  db: Database,
  site: SiteBootstrap,
  point: WatchedPoint,
  marginKw: number | null,
  hour: { source: 'hour' | 'live'; start: Date; wh: bigint },
  vatPermille: number,
): Promise<PowerPeakFacts | null> {
  const peak = await powerPeakRepository.peakBefore(db, point.contractId, hour.start, site.timezone);
  const peakWh = peak?.wh ?? 0n;
  const limitW = peakLimitW(peakWh, point.thresholdKw);
  if (hour.wh < alertLevelWh(limitW, marginKw)) return null;
  const charge = { priceCents: point.priceCents, thresholdKw: point.thresholdKw };
  // The bill's charge grows from the higher of the peak and the threshold: below it nothing is charged.
  const cents = raiseCents(charge, limitW, hour.wh);
  return {
    subject: 'POWER_PEAK',
    source: hour.source,
    gsrn: point.gsrn,
    hourStart: hour.start.toISOString(),
    timezone: site.timezone,
    kw: whToKwh(hour.wh),
    peakKw: whToKwh(peakWh),
    peakAt: peak ? peak.startsAt.toISOString() : null,
    limitKw: whToKwh(limitW),
    priceCents: point.priceCents,
    raiseCents: Math.round((cents * (1000 + vatPermille)) / 1000),
  };
}

/**
 * POWER_PEAK (docs/decisions/128): for each enabled setting, each of the customer's metering points whose contract has
 * a power charge is looked at twice: the hour just ended, from its hourly rollup once every interval is in, and, on a
 * site with LIVE_READINGS and a meter the head-end reaches, the running hour projected from its live readings. An
 * hour alerts when it reaches (or is heading for) the month's peak so far, or the threshold when higher, less the
 * setting's margin. The key is the point and the hour: each hour alerts once, whichever look found it first.
 */
export async function powerPeakDecisions(
  db: Database,
  site: SiteBootstrap,
  now: Date,
  settings: ActiveSetting[],
  live: LiveMeters | null,
): Promise<Decision[]> {
  const today = localDate(now, site.timezone);
  const points = await powerPeakRepository.watchedPoints(db, site.id, [...new Set(settings.map((setting) => setting.customerId))], today);
  if (points.length === 0) return [];
  const rates = await vatRateRows(db);
  const currentHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const lastHour = new Date(currentHour.getTime() - HOUR_MS);
  const found = new Map<string, PowerPeakFacts>();
  for (const point of points) {
    const marginKw = settings.find((setting) => setting.customerId === point.customerId)?.marginKw ?? null;
    const vat = vatSchedule(rates, {
      countryCode: site.countryCode,
      utility: 'electricity',
      supply: 'network',
      customerType: point.customerType,
    });
    const vatOf = (hour: Date) => vatPermilleOn(vat, localDate(hour, site.timezone));
    const ended = await powerPeakRepository.completeHourWh(db, point, lastHour);
    if (ended !== null) {
      const facts = await judge(db, site, point, marginKw, { source: 'hour', start: lastHour, wh: ended }, vatOf(lastHour));
      if (facts) found.set(`${point.gsrn}@${facts.hourStart}`, facts);
    }
    if (live && point.controllable && site.features.includes('LIVE_READINGS')) {
      const { latest } = await live.latest({ siteId: site.id, gsrn: point.gsrn });
      const measuredAt = latest ? new Date(latest.measuredAt) : null;
      if (!latest || !measuredAt || now.getTime() - measuredAt.getTime() > STALE_READING_MS) continue;
      const start = new Date(Math.floor(measuredAt.getTime() / HOUR_MS) * HOUR_MS);
      const reading = { measuredAt, energyImportWh: latest.energyImportWh, activePowerImportW: latest.activePowerImportW };
      const first = await powerPeakRepository.firstReadingOfHour(db, point.meteringPointId, start, reading);
      const wh = projectedHourWh(start, first, reading);
      const facts = await judge(db, site, point, marginKw, { source: 'live', start, wh }, vatOf(start));
      if (facts) found.set(`${point.gsrn}@${facts.hourStart}`, facts);
    }
  }
  return points.flatMap((point) =>
    [...found]
      .filter(([, facts]) => facts.gsrn === point.gsrn)
      .flatMap(([alertKey, facts]) =>
        settings
          .filter((setting) => setting.customerId === point.customerId)
          .map((setting) => ({ customerId: point.customerId, alertKey, facts, setting })),
      ),
  );
}
