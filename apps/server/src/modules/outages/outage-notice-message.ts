import { bundleFor } from '@portal/locales/bundles';
import { formatLocalDateTime } from '@portal/schema/calendar-dates';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { OutageCause } from '@portal/schema/outages';

export type OutageNoticeFacts = { place: string; cause: OutageCause; startsAt: Date; estimatedEndAt: Date };

/** The notice in the site's language (texts `outages.notice.*` of the web bundle, so translators see them). */
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
  return { title: fill('outages.notice.title'), body: fill('outages.notice.body') };
}
