import type { SiteFeature } from '@portal/schema/features';
import type { NotificationSetting, createNotificationSettingRequest, notificationUpdate } from '@portal/schema/settings';
import type { z } from 'zod';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { notificationSettingRepository as settings, type SettingValues } from './notification-setting-repository.ts';
import { subjectOf } from './notification-subjects.ts';
import type { CustomerScope } from '../../platform/actor.ts';

type Update = z.output<typeof notificationUpdate>;
type Create = z.output<typeof createNotificationSettingRequest>;
type Setting = Pick<NotificationSetting, 'subject' | 'channel'>;

/** Which contact method each channel reaches; Post and push reach the customer without a contact of theirs. */
const CHANNEL_METHODS: Partial<Record<NotificationSetting['channel'], string[]>> = { Email: ['Email'], Gsm: ['Gsm'] };

/**
 * The rules of a setting: the subject is one the site offers, push only where the site has push notifications,
 * thresholds only for subjects that have them, and contacts only the customer's own of the channel's kind.
 */
async function checkedValues(tx: Transaction, scope: CustomerScope, features: readonly SiteFeature[], setting: Setting, update: Update) {
  const subject = subjectOf(features, setting.subject);
  if (!subject) throw new AppError('NOTIFICATION_SUBJECT_NOT_OFFERED', `subject: ${setting.subject} is not offered on this site`);
  if (setting.channel === 'PushNotification' && !features.includes('PUSH_NOTIFICATIONS')) {
    throw new AppError('NOTIFICATION_CHANNEL_NOT_OFFERED', 'channel: push notifications are not offered on this site');
  }
  if (update.threshold && !subject.thresholdUnit) {
    throw new AppError('NOTIFICATION_THRESHOLD_NOT_ALLOWED', `threshold: ${setting.subject} has no thresholds`);
  }
  if (update.marginKw !== undefined && update.marginKw !== null && !subject.marginUnit) {
    throw new AppError('NOTIFICATION_MARGIN_NOT_ALLOWED', `marginKw: ${setting.subject} has no margin`);
  }
  const ids = [...new Set(update.contactsIds)];
  const found = await settings.contactMethods(tx, scope, ids);
  const allowed = CHANNEL_METHODS[setting.channel] ?? [];
  const wrong = ids.find((id) => !found.some((contact) => contact.id === id && allowed.includes(contact.method)));
  if (wrong !== undefined) {
    throw new AppError('NOTIFICATION_CONTACT_INVALID', `contactsIds: ${wrong} is not one of your ${setting.channel} contacts`);
  }
  const decimal = (value: number | null | undefined) => (value === null || value === undefined ? null : value.toFixed(3));
  return {
    enabled: update.enabled,
    thresholdLower: decimal(update.threshold?.lower),
    thresholdUpper: decimal(update.threshold?.upper),
    contactsIds: ids,
    // Left out of an update, a power peak setting keeps its margin.
    marginKw: !subject.marginUnit ? null : update.marginKw === undefined ? undefined : decimal(update.marginKw),
  } satisfies SettingValues;
}

/** POST /api/me/notification-settings: one setting per subject and channel. */
export async function createNotificationSetting(db: Database, scope: CustomerScope, features: readonly SiteFeature[], request: Create) {
  return db.transaction(async (tx) => {
    const values = await checkedValues(tx, scope, features, request, request);
    const created = await settings.create(tx, scope, { ...values, subject: request.subject, channel: request.channel }, new Date());
    if (!created)
      throw new AppError('NOTIFICATION_SETTING_EXISTS', 'A setting of this subject and channel exists already; change it instead');
    return created;
  });
}

/** PUT /api/me/notification-settings/{id}: the notification update of spec §3. */
export async function updateNotificationSetting(
  db: Database,
  scope: CustomerScope,
  features: readonly SiteFeature[],
  id: number,
  update: Update,
) {
  return db.transaction(async (tx) => {
    const current = await settings.find(tx, scope, id);
    if (!current) throw new AppError('NOTIFICATION_SETTING_NOT_FOUND', 'No notification setting of yours by that id');
    return settings.update(tx, scope, id, await checkedValues(tx, scope, features, current, update), new Date());
  });
}
