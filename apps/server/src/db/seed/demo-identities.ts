import { eq, sql } from 'drizzle-orm';
import { customer, customerAccess, person, siteIdentityProvider, staffMember } from '../schema/identity.ts';
import { siteDomain } from '../schema/sites.ts';
import type { Database } from '../../platform/database.ts';
import { DEMO_CUSTOMERS, DEMO_PEOPLE, DEMO_STAFF } from './demo-people.ts';
import { DEMO_SITES } from './demo-sites.ts';

/** The demo e-ID clients' secret: the local e-ID service only runs in demo mode. */
export const demoClientSecret = (siteId: string) => `demo-${siteId}-client-secret`;

/** Redirect addresses of a demo site's e-ID clients: its `.localhost` names on the port the server listens on. */
export async function demoRedirectUris(db: Database, siteId: string, port: number): Promise<string[]> {
  const hosts = await db.select({ host: siteDomain.host }).from(siteDomain).where(eq(siteDomain.siteId, siteId));
  const local = hosts.map(({ host }) => host).filter((host) => host.endsWith('.localhost'));
  return local.flatMap((host) => ['eid', 'telecom'].map((provider) => `http://${host}:${port}/api/auth/callback/${provider}`));
}

/**
 * Demo people, customers, access rights and staff, once; and the demo sites' e-ID clients pointed at the
 * local e-ID service on every start, since its address follows the configured port.
 */
export async function seedDemoIdentities(db: Database, idpIssuer: string): Promise<{ people: number; customers: number }> {
  return db.transaction(async (tx) => {
    const newPeople = await tx
      .insert(person)
      .values(
        DEMO_PEOPLE.map(({ ssn, name, email, countryCode }) => ({
          ssn,
          name,
          email,
          countryCode,
          emailVerified: email ? new Date(0) : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: person.id });
    let newCustomers = 0;
    const people = new Map((await tx.select({ id: person.id, ssn: person.ssn }).from(person)).map((row) => [row.ssn, row.id]));
    for (const demo of DEMO_CUSTOMERS) {
      const [created] = await tx
        .insert(customer)
        .values({
          siteId: demo.siteId,
          clientCode: demo.clientCode,
          type: demo.type,
          name: demo.name,
          businessCode: demo.businessCode ?? null,
          membershipNumber: demo.membership?.number ?? null,
          memberSince: demo.membership?.since ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: customer.id });
      if (!created) continue;
      newCustomers += 1;
      await tx
        .insert(customerAccess)
        .values(demo.access.map(({ ssn, relation, code }) => ({ code, relation, customerId: created.id, personId: people.get(ssn)! })));
    }
    await tx
      .insert(staffMember)
      .values(DEMO_STAFF.map(({ ssn, siteId, role }) => ({ personId: people.get(ssn)!, siteId, role })))
      .onConflictDoNothing();
    for (const site of DEMO_SITES) {
      await tx
        .insert(siteIdentityProvider)
        .values(
          ['eid', 'telecom'].map((providerId) => ({
            siteId: site.id,
            providerId,
            issuer: idpIssuer,
            clientId: `${site.id}-portal`,
            clientSecret: demoClientSecret(site.id),
          })),
        )
        .onConflictDoUpdate({
          target: [siteIdentityProvider.siteId, siteIdentityProvider.providerId],
          set: { issuer: sql`excluded.issuer` },
        });
    }
    return { people: newPeople.length, customers: newCustomers };
  });
}
