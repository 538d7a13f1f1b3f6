import { bundleFor } from '@portal/locales/bundles';
import { formatLocalDateTime } from '@portal/schema/calendar-dates';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { OutageCause, OutageNoticeKind } from '@portal/schema/outages';

export type OutageNoticeFacts = { place: string; cause: OutageCause; startsAt: Date; estimatedEndAt: Date; kind?: OutageNoticeKind };

/** The texts of each kind of notice: the start's are 052's, the others decision 126's. */
const TEXTS_OF: Record<OutageNoticeKind, string> = {
  started: 'outages.notice',
  planned: 'outages.notice.planned',
  rescheduled: 'outages.notice.rescheduled',
  cancelled: 'outages.notice.cancelled',
};

/** The notice in the site's language, of its kind (a start by default) (texts `outages.notice.*` of the web bundle, so translators see them). */
export function outageNoticeMessage(facts: OutageNoticeFacts, locale: LocaleId, timezone: string, companyName: string) {
  const texts = bundleFor('web', locale);
  const values: Record<string, string> = {
    company: companyName,
    place: facts.place,
    cause: texts[`outages.cause.${facts.cause}`] ?? facts.cause,
    start: formatLocalDateTime(facts.startsAt, timezone),
    end: formatLocalDateTime(facts.estimatedEndAt, timezone),
  };
  const fill = (key: string) =>
    Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), texts[key] ?? key);
  const prefix = TEXTS_OF[facts.kind ?? 'started'];
  return { title: fill(`${prefix}.title`), body: fill(`${prefix}.body`) };
}
