import type { AdminAnnouncement, Announcement, AnnouncementRequest } from '@portal/schema/announcements';
import { instantOfWallClock, wallClockOf } from '@portal/schema/calendar-dates';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { AnnouncementTexts } from '../../db/schema/announcements.ts';
import { sanitiseInboxHtml } from '../inbox/inbox-content.ts';
import type { AnnouncementRow, AnnouncementValues } from './announcement-repository.ts';

/**
 * Spec §3: an announcement's content is sanitised on receipt. The body is HTML through the kept sanitiser of the
 * inbox (paragraphs, emphasis, lists, web links; nothing that runs), once when saved and again whenever it is read,
 * so a row written by an older server copy or by hand never reaches a browser unsanitised. The title is plain text
 * and the web renders it as text.
 */
export const sanitiseAnnouncementBody = sanitiseInboxHtml;

/** The row's columns from an administrator's request: the period read on the site's clock, empty languages left out. */
export function announcementValues(request: AnnouncementRequest, timezone: string): AnnouncementValues {
  const texts: AnnouncementTexts = {};
  for (const text of request.texts) {
    if (text.title && text.body) texts[text.locale] = { title: text.title, body: sanitiseAnnouncementBody(text.body) };
  }
  return {
    audience: request.audience,
    utility: request.audience === 'utility' ? request.utility : null,
    severity: request.severity,
    validFrom: instantOfWallClock(request.validFrom, timezone),
    validUntil: instantOfWallClock(request.validUntil, timezone),
    texts,
  };
}

export function adminAnnouncementOf(row: AnnouncementRow, timezone: string): AdminAnnouncement {
  return {
    id: row.id,
    audience: row.audience,
    utility: row.utility,
    severity: row.severity,
    validFrom: wallClockOf(row.validFrom, timezone),
    validUntil: wallClockOf(row.validUntil, timezone),
    texts: (Object.entries(row.texts) as [LocaleId, { title: string; body: string }][]).map(([locale, text]) => ({
      locale,
      title: text.title,
      body: sanitiseAnnouncementBody(text.body),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The customer's language, else the site's default language, else the first language written; null when none is. */
export function customerAnnouncementOf(row: AnnouncementRow, locale: LocaleId, defaultLocale: LocaleId): Announcement | null {
  const chosen = [locale, defaultLocale, ...(Object.keys(row.texts) as LocaleId[])].find((candidate) => row.texts[candidate]);
  const text = chosen ? row.texts[chosen] : undefined;
  if (!chosen || !text) return null;
  return {
    id: row.id,
    severity: row.severity,
    locale: chosen,
    title: text.title,
    body: sanitiseAnnouncementBody(text.body),
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
  };
}
