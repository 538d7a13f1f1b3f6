import { and, eq, ne } from 'drizzle-orm';
import type { Profile, UpdateProfileRequest } from '@portal/schema/identity';
import { person } from '../../db/schema/identity.ts';
import type { Database } from '../../platform/database.ts';

type PersonRow = typeof person.$inferSelect;

const toProfile = (row: PersonRow): Profile => ({
  name: row.name,
  ssn: row.ssn,
  email: row.email,
  phone: row.phone,
  preferredLocale: row.preferredLocale as Profile['preferredLocale'],
  contactPreference: row.contactPreference as Profile['contactPreference'],
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

export function createProfileRepository(db: Database) {
  return {
    async find(personId: string): Promise<Profile | null> {
      const [row] = await db.select().from(person).where(eq(person.id, personId));
      return row ? toProfile(row) : null;
    },
    async emailTakenByAnother(personId: string, email: string): Promise<boolean> {
      const rows = await db.select({ id: person.id }).from(person).where(and(eq(person.email, email), ne(person.id, personId)));
      return rows.length > 0;
    },
    async update(personId: string, changes: UpdateProfileRequest, now: Date): Promise<Profile> {
      const [row] = await db
        .update(person)
        .set({ ...changes, updatedAt: now })
        .where(eq(person.id, personId))
        .returning();
      return toProfile(row!);
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
