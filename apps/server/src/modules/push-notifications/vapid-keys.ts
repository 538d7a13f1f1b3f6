import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { vapidKey } from '../../db/schema/notifications.ts';
import type { Database } from '../../platform/database.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The installation's VAPID keys (docs/decisions/041-web-push.md): made once by whichever server copy asks first and
 * kept in the database, so every copy signs with the same key and browsers' subscriptions survive restarts and
 * deploys. Two copies racing both try to insert row 1; the second insert does nothing and both read the winner's.
 */
export function installationVapidKeys(db: Database) {
  let known: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    const [existing] = await db.select().from(vapidKey).where(eq(vapidKey.id, 1));
    if (existing) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(vapidKey)
      .values({ id: 1, ...made })
      .onConflictDoNothing({ target: vapidKey.id });
    const [kept] = await db.select().from(vapidKey).where(eq(vapidKey.id, 1));
    return { publicKey: kept!.publicKey, privateKey: kept!.privateKey };
  }
  return {
    get(): Promise<VapidKeys> {
      known ??= load().catch((error: unknown) => {
        known = null;
        throw error;
      });
      return known;
    },
  };
}
export type InstallationVapidKeys = ReturnType<typeof installationVapidKeys>;
