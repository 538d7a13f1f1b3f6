import { instantOfWallClock } from '@portal/schema/calendar-dates';
import { announcement } from '../schema/announcements.ts';
import type { Database } from '../../platform/database.ts';
import { sanitiseAnnouncementBody } from '../../modules/announcements/announcement-views.ts';

/**
 * One announcement on Virmalise so a newcomer sees the banner at once (Lumo starts with none: its administrator
 * writes one in the announcements journey). A fixed id: seeding again never adds a second or undoes an edit.
 */
export async function seedDemoAnnouncements(db: Database): Promise<void> {
  const timezone = 'Europe/Tallinn';
  await db
    .insert(announcement)
    .values({
      id: 'ann-virmalise-welcome',
      siteId: 'virmalise',
      audience: 'all',
      utility: null,
      severity: 'info',
      validFrom: instantOfWallClock('2026-11-01 00:00', timezone),
      validUntil: instantOfWallClock('2030-01-01 00:00', timezone),
      texts: {
        'et-EE': {
          title: 'Uus iseteenindus',
          body: sanitiseAnnouncementBody(
            '<p>Tere tulemast uude iseteenindusse! Arved, lepingud ja tarbimine on nüüd ühes kohas. Küsimuste korral kirjutage meile <strong>Tugi</strong> lehel.</p>',
          ),
        },
        'en-GB': {
          title: 'The new self-service portal',
          body: sanitiseAnnouncementBody(
            '<p>Welcome to the new self-service portal! Invoices, contracts and consumption are now in one place. If you have questions, write to us on the <strong>Support</strong> page.</p>',
          ),
        },
        'ru-RU': {
          title: 'Новый портал самообслуживания',
          body: sanitiseAnnouncementBody(
            '<p>Добро пожаловать в новый портал самообслуживания! Счета, договоры и потребление теперь в одном месте. Если у вас есть вопросы, напишите нам на странице <strong>Поддержка</strong>.</p>',
          ),
        },
      },
    })
    .onConflictDoNothing();
}
