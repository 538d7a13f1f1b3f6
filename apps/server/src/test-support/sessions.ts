import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authSession, person } from '../db/schema/identity.ts';
import type { FastifyInstance } from 'fastify';
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

/**
 * Customer service (Sanna) acting for the customer with `clientCode` on Lumo, as the workspace starts it
 * (POST /api/staff/acting-customer): the cookie her later calls carry, which act for that customer.
 */
export async function staffActingFor(app: FastifyInstance, db: Database, clientCode: string): Promise<string> {
  const staff = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
  const started = await app.inject({
    method: 'POST',
    url: '/api/staff/acting-customer',
    headers: { host: 'lumo.localhost:3000', cookie: staff, 'content-type': 'application/json' },
    payload: { clientCode },
  });
  if (started.statusCode !== 200) throw new Error(`acting for ${clientCode} refused: ${started.body}`);
  return `${staff}; cs-representative-code=${clientCode}`;
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
