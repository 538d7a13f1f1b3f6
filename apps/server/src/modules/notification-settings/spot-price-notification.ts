import type { NotificationSetting, SpotPriceNotification, notificationUpdate } from '@portal/schema/settings';
import type { z } from 'zod';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { notificationSettingRepository as settings } from './notification-setting-repository.ts';

type Update = z.output<typeof notificationUpdate>;

/** The channels whose contacts `contactsIds` can name: e-mail addresses and mobile numbers. */
const CONTACT_CHANNELS = { Email: 'Email', Gsm: 'Gsm' } as const;

function compact(spotSettings: NotificationSetting[]): SpotPriceNotification {
  const leading = spotSettings.find((setting) => setting.enabled) ?? spotSettings[0];
  return {
    enabled: spotSettings.some((setting) => setting.enabled),
    threshold: leading?.threshold ?? null,
    contactsIds: [...new Set(spotSettings.flatMap((setting) => setting.contactsIds))].sort((a, b) => a - b),
  };
}

/** GET /api/me/notifications: the customer's SPOT_PRICE settings in the compact form of spec §3 (docs/decisions/042). */
export async function spotPriceNotification(executor: Executor, scope: CustomerScope): Promise<SpotPriceNotification> {
  return compact(await settings.list(executor, scope, 'SPOT_PRICE'));
}

/**
 * PUT /api/me/notifications: the named e-mail contacts make the Email setting, the mobile ones the Gsm setting; a
 * channel left without contacts is switched off; a push setting keeps its browsers and takes `enabled` and the
 * threshold. All in one transaction: a contact that is not the customer's writes nothing.
 */
export async function saveSpotPriceNotification(db: Database, scope: CustomerScope, update: Update): Promise<SpotPriceNotification> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(update.contactsIds)];
    const found = await settings.contactMethods(tx, scope, ids);
    const wrong = ids.find((id) => !found.some((contact) => contact.id === id && contact.method in CONTACT_CHANNELS));
    if (wrong !== undefined)
      throw new AppError('NOTIFICATION_CONTACT_INVALID', `contactsIds: ${wrong} is not one of your e-mail or mobile contacts`);
    const decimal = (value: number | null | undefined) => (value === null || value === undefined ? null : value.toFixed(3));
    const thresholds = { thresholdLower: decimal(update.threshold?.lower), thresholdUpper: decimal(update.threshold?.upper) };
    const now = new Date();
    const existing = await settings.list(tx, scope, 'SPOT_PRICE');
    for (const channel of Object.keys(CONTACT_CHANNELS) as (keyof typeof CONTACT_CHANNELS)[]) {
      const contactsIds = found.filter((contact) => contact.method === channel).map((contact) => contact.id);
      const values = { ...thresholds, enabled: update.enabled && contactsIds.length > 0, contactsIds };
      const current = existing.find((setting) => setting.channel === channel);
      if (current) await settings.update(tx, scope, current.id, values, now);
      else if (contactsIds.length > 0) await settings.create(tx, scope, { ...values, subject: 'SPOT_PRICE', channel }, now);
    }
    const push = existing.find((setting) => setting.channel === 'PushNotification');
    if (push) await settings.update(tx, scope, push.id, { ...thresholds, enabled: update.enabled, contactsIds: [] }, now);
    return compact(await settings.list(tx, scope, 'SPOT_PRICE'));
  });
}
