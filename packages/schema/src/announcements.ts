import { z } from 'zod';
import { isWallClockTime } from './calendar-dates.ts';
import { utility } from './enums.ts';
import { localeId } from './locales.ts';

/**
 * Portal announcements (spec §3, §6 PORTAL_ANNOUNCEMENTS, §7 `GET /api/announcements/{clientId}`): a site's notices
 * to its customers, written by its administrators (docs/decisions/059-portal-announcements.md).
 */

/** Who sees an announcement: every customer, private or legal (business) customers, or customers of one utility. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'private', 'legal', 'utility'] as const;
export const announcementAudience = z.enum(ANNOUNCEMENT_AUDIENCES);
export type AnnouncementAudience = z.infer<typeof announcementAudience>;

export const ANNOUNCEMENT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export const announcementSeverity = z.enum(ANNOUNCEMENT_SEVERITIES);
export type AnnouncementSeverity = z.infer<typeof announcementSeverity>;

/** A banner is read at a glance: a short title and a few sentences. */
export const MAX_ANNOUNCEMENT_TITLE_LENGTH = 120;
export const MAX_ANNOUNCEMENT_BODY_LENGTH = 2000;

/** `YYYY-MM-DD HH:mm` on the site's clock: the period is the site's, whatever the administrator's browser says. */
const wallClockTime = (field: string) => z.string().refine(isWallClockTime, `${field} must be a date and time (YYYY-MM-DD HH:mm)`);

/**
 * One language's text. The form sends every language of the site; a language left empty (no title, no text) is
 * not stored, but half of one (a title without text or the other way round) is a mistake worth saying.
 */
export const announcementText = z
  .object({
    locale: localeId,
    title: z.string().trim().max(MAX_ANNOUNCEMENT_TITLE_LENGTH, `The title is at most ${MAX_ANNOUNCEMENT_TITLE_LENGTH} characters`),
    body: z.string().trim().max(MAX_ANNOUNCEMENT_BODY_LENGTH, `The text is at most ${MAX_ANNOUNCEMENT_BODY_LENGTH} characters`),
  })
  .superRefine((text, context) => {
    if (text.title && !text.body) context.addIssue({ code: 'custom', path: ['body'], message: 'Write the text for this title' });
    if (text.body && !text.title) context.addIssue({ code: 'custom', path: ['title'], message: 'Write the title for this text' });
  });
export type AnnouncementText = z.infer<typeof announcementText>;

/** Create and update (`POST` and `PUT /api/admin/site/{siteId}/announcements[/{id}]`): the whole announcement. */
export const announcementRequest = z
  .object({
    audience: announcementAudience,
    /** The utility whose customers see it; only with the `utility` audience. */
    utility: utility.nullable(),
    severity: announcementSeverity,
    validFrom: wallClockTime('The start'),
    validUntil: wallClockTime('The end'),
    texts: z.array(announcementText).max(6),
  })
  .superRefine((request, context) => {
    if (request.audience === 'utility' && !request.utility) {
      context.addIssue({ code: 'custom', path: ['utility'], message: 'Choose the utility whose customers see it' });
    }
    if (request.audience !== 'utility' && request.utility) {
      context.addIssue({ code: 'custom', path: ['utility'], message: 'A utility is chosen only for the utility audience' });
    }
    if (isWallClockTime(request.validFrom) && isWallClockTime(request.validUntil) && request.validUntil <= request.validFrom) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end must be after the start' });
    }
    if (!request.texts.some((text) => text.title && text.body)) {
      context.addIssue({ code: 'custom', path: ['texts'], message: 'Write the title and text in at least one language' });
    }
    const locales = request.texts.map((text) => text.locale);
    if (new Set(locales).size !== locales.length) {
      context.addIssue({ code: 'custom', path: ['texts'], message: 'Each language appears once' });
    }
  });
export type AnnouncementRequest = z.infer<typeof announcementRequest>;

/** What an administrator sees and edits: the period on the site's clock, every stored language, bodies as sanitised HTML. */
export const adminAnnouncement = z
  .object({
    id: z.string(),
    audience: announcementAudience,
    utility: utility.nullable(),
    severity: announcementSeverity,
    validFrom: z.string(),
    validUntil: z.string(),
    texts: z.array(z.object({ locale: localeId, title: z.string(), body: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminAnnouncement' });
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

/** What a customer's banner shows: one language's title and sanitised HTML body; the period as instants. */
export const announcement = z
  .object({
    id: z.string(),
    severity: announcementSeverity,
    locale: localeId,
    title: z.string(),
    body: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcement>;
