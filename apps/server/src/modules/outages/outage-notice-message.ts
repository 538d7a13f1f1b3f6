import { bundleFor } from '@portal/locales/bundles';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { OutageCause } from '@portal/schema/outages';

export type OutageNoticeFacts = { place: string; cause: OutageCause; startsAt: Date; estimatedEndAt: Date };

/** Spec §9: DD.MM.YYYY HH:mm on the site's clock. */
function dateTime(at: Date, timezone: string): string {
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) => parts.find((item) => item.type === type)?.value ?? '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  return `${part('day', parts)}.${part('month', parts)}.${part('year', parts)} ${part('hour', parts)}:${part('minute', parts)}`;
}

/** The notice in the site's language (texts `outages.notice.*` of the web bundle, so translators see them). */
export function outageNoticeMessage(facts: OutageNoticeFacts, locale: LocaleId, timezone: string, companyName: string) {
  const texts = bundleFor('web', locale);
  const values: Record<string, string> = {
    company: companyName,
    place: facts.place,
    cause: texts[`outages.cause.${facts.cause}`] ?? facts.cause,
    start: dateTime(facts.startsAt, timezone),
    end: dateTime(facts.estimatedEndAt, timezone),
  };
  const fill = (key: string) =>
    Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), texts[key] ?? key);
  return { title: fill('outages.notice.title'), body: fill('outages.notice.body') };
}
