import { randomUUID } from 'node:crypto';
import { authSession, customer, customerAccess, person } from '../apps/server/src/db/schema/identity.ts';
import type { Database } from '../apps/server/src/platform/database.ts';
import { buildContract, buildMeteringPoint, insertReadings } from '../apps/server/src/test-support/energy-factories.ts';

const HOUR = 3_600_000;

/**
 * `count` private customers of Lumo, each a person signed in with a session of their own, a metering point with
 * hourly readings from a year before `now` (rollups kept by the same writer as everywhere) and a priced contract:
 * the dashboard's calls then do for each what they do for a real customer. Returns each session's cookie.
 */
export async function seedBenchCustomers(db: Database, count: number, now = new Date()): Promise<string[]> {
  const cookies: string[] = [];
  const to = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const from = new Date(to.getTime() - 400 * 24 * HOUR);
  for (let index = 0; index < count; index++) {
    const personId = `bench-person-${index}`;
    const customerId = `bench-customer-${index}`;
    const clientCode = `LUMO-BENCH-${String(index).padStart(4, '0')}`;
    await db
      .insert(person)
      .values({ id: personId, name: `Bench Customer ${index}`, ssn: `BENCH-${index}`, countryCode: 'FI', verifiedAt: now });
    await db.insert(customer).values({ id: customerId, siteId: 'lumo', clientCode, type: 'private', name: `Bench Customer ${index}` });
    await db.insert(customerAccess).values({ code: `rc-bench-${index}`, customerId, personId, relation: 'self' });
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode, temperatureArea: 'fi-espoo' });
    await buildContract(db, point, {
      components: [
        { kind: 'Day', priceCents: '9.20000' },
        { kind: 'Night', priceCents: '6.10000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    await insertReadings(db, point.id, { from, to, wh: (at) => 300 + ((at.getTime() / HOUR + index * 7) % 24) * 45 });
    const sessionToken = randomUUID();
    await db.insert(authSession).values({ sessionToken, userId: personId, siteId: 'lumo', expires: new Date(now.getTime() + 24 * HOUR) });
    cookies.push(`authjs.session-token=${sessionToken}`);
  }
  return cookies;
}
