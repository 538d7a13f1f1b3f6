import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authSession, person } from '../db/schema/identity.ts';
import type { Database } from '../platform/database.ts';

/**
 * A signed-in browser's cookie for a demo person on a site, as Auth.js leaves it after sign-in,
 * so tests of other calls need not walk the whole e-ID flow (auth.test.ts does that).
 */
export async function sessionCookieFor(db: Database, ssn: string, siteId: string, extraCookies = ''): Promise<string> {
  const [found] = await db.select({ id: person.id }).from(person).where(eq(person.ssn, ssn));
  if (!found) throw new Error(`No demo person ${ssn}`);
  const sessionToken = randomUUID();
  await db.insert(authSession).values({
    sessionToken,
    userId: found.id,
    siteId,
    expires: new Date(Date.now() + 24 * 3600 * 1000),
  });
  await db.update(person).set({ verifiedAt: new Date() }).where(eq(person.id, found.id));
  return [`authjs.session-token=${sessionToken}`, extraCookies].filter(Boolean).join('; ');
}

export const PEOPLE = {
  aino: 'FI131052-308T',
  mikko: 'FI010101-123N',
  sannaStaff: 'FI150385-237N',
  jukkaAdmin: 'FI220790-456S',
  liisaNewcomer: 'FI051168-318W',
  jaan: 'EE38001085718',
  toomasAdmin: 'EE37607250443',
  janis: 'LV220790-45671',
} as const;
