import type { SiteFeature } from '@portal/schema/features';
import type { NotificationSubject, NotificationSubjectCode } from '@portal/schema/settings';

const SUBJECTS: (NotificationSubject & { feature?: SiteFeature })[] = [
  { subject: 'INVOICE_DUE', thresholdUnit: null, feature: 'INVOICES' },
  { subject: 'SPOT_PRICE', thresholdUnit: 'c/kWh', feature: 'SETTINGS_SPOT_PRICE' },
  { subject: 'DAILY_CONSUMPTION', thresholdUnit: 'kWh' },
  { subject: 'OUTAGE', thresholdUnit: null, feature: 'OUTAGES' },
  // Customer service answered a support request (docs/decisions/056).
  { subject: 'SUPPORT_REPLY', thresholdUnit: null, feature: 'SUPPORT' },
  // A monthly reminder to read a hand-read meter (docs/decisions/112).
  { subject: 'METER_READING', thresholdUnit: null, feature: 'METER_READING_ENTRY' },
  // Customer service moved a connection request: approved, more information needed… (docs/decisions/124).
  { subject: 'CONNECTION_REQUEST', thresholdUnit: null, feature: 'CONNECTION_REQUESTS' },
  // The month's power peak is about to rise at a point with a power charge; a margin in kW (docs/decisions/128).
  { subject: 'POWER_PEAK', thresholdUnit: null, marginUnit: 'kW', feature: 'POWER_PEAK_ALERTS' },
];

/** The subjects a site offers: each needs the feature its data comes from (spec §6). */
export function notificationSubjectsOf(features: readonly SiteFeature[]): NotificationSubject[] {
  return SUBJECTS.filter((entry) => !entry.feature || features.includes(entry.feature)).map(({ subject, thresholdUnit, marginUnit }) => ({
    subject,
    thresholdUnit,
    ...(marginUnit ? { marginUnit } : {}),
  }));
}

export function subjectOf(features: readonly SiteFeature[], code: NotificationSubjectCode): NotificationSubject | undefined {
  return notificationSubjectsOf(features).find((entry) => entry.subject === code);
}
