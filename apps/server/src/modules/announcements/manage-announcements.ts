import type { AdminAnnouncement, AnnouncementRequest } from '@portal/schema/announcements';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { announcementRepository as repository, type AnnouncementRow } from './announcement-repository.ts';
import { adminAnnouncementOf, announcementValues } from './announcement-views.ts';

type Deps = { db: Database; now?: () => Date };

/** Who changes what, on which site's clock and languages: the audit line is written in the same transaction. */
export type AnnouncementChange = {
  actor: Actor;
  requestId: string;
  ipAddress: string;
  timezone: string;
  locales: readonly LocaleId[];
};

const notFound = () => new AppError('ANNOUNCEMENT_NOT_FOUND', 'This site has no announcement by that id');

/** A language the site does not offer would never be shown: refused before anything is written. */
function checkLocales(change: AnnouncementChange, request: AnnouncementRequest) {
  const foreign = request.texts.find((text) => (text.title || text.body) && !change.locales.includes(text.locale));
  if (foreign) throw new AppError('ANNOUNCEMENT_LOCALE_NOT_OFFERED', `This site does not offer ${foreign.locale}`);
}

/** The audit line of a change: details are JSON `{ before, after }` as the administrator sees the announcement. */
function auditLine(change: AnnouncementChange, action: string, before: AnnouncementRow | null, after: AnnouncementRow | null) {
  const view = (row: AnnouncementRow | null) => (row ? adminAnnouncementOf(row, change.timezone) : null);
  return {
    siteId: change.actor.siteId,
    personId: change.actor.person.id,
    customerId: null,
    action,
    outcome: 'ok',
    requestId: change.requestId,
    ipAddress: change.ipAddress,
    details: JSON.stringify({ before: view(before), after: view(after) }),
  };
}

export async function createAnnouncement(deps: Deps, change: AnnouncementChange, request: AnnouncementRequest): Promise<AdminAnnouncement> {
  checkLocales(change, request);
  return deps.db.transaction(async (tx) => {
    const created = await repository.insert(tx, change.actor.siteId, announcementValues(request, change.timezone));
    await repository.audit(tx, auditLine(change, 'announcement created', null, created));
    return adminAnnouncementOf(created, change.timezone);
  });
}

export async function updateAnnouncement(
  deps: Deps,
  change: AnnouncementChange,
  id: string,
  request: AnnouncementRequest,
): Promise<AdminAnnouncement> {
  checkLocales(change, request);
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const before = await repository.lock(tx, siteId, id);
    if (!before) throw notFound();
    const at = (deps.now ?? (() => new Date()))();
    const after = await repository.update(tx, siteId, id, announcementValues(request, change.timezone), at);
    await repository.audit(tx, auditLine(change, 'announcement updated', before, after));
    return adminAnnouncementOf(after, change.timezone);
  });
}

export async function deleteAnnouncement(deps: Deps, change: AnnouncementChange, id: string): Promise<void> {
  const siteId = change.actor.siteId;
  await deps.db.transaction(async (tx) => {
    const before = await repository.lock(tx, siteId, id);
    if (!before) throw notFound();
    await repository.delete(tx, siteId, id);
    await repository.audit(tx, auditLine(change, 'announcement deleted', before, null));
  });
}
