import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App, RegisteredRoute } from '../app.ts';
import { customer, customerAccess, person } from '../db/schema/identity.ts';
import type { Database } from './database.ts';
import { OUTSIDE_SERVICES, type OutsideService } from './rate-limits.ts';
import { sessionCookieFor } from '../test-support/sessions.ts';
import { useTwoServerCopies, type ServerCopy } from '../test-support/server-copies.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

/**
 * Every call that reaches an outside system while the caller waits, and which (docs/decisions/101). A route that
 * declares `config.outsideService` is limited per person and per address; this list is what was reviewed, so a
 * declaration added or dropped shows here, and the tests below hammer every declared route until it refuses.
 */
const REACHES_OUTSIDE: Record<string, OutsideService> = {
  // The business register: a code's company (start-info looks it up; validate will, and is limited already).
  'GET /api/business/validate/:code': 'business-register',
  'GET /api/contracts/start-info/:objectId': 'business-register',
  // The grid's registers of addresses and usage points.
  'POST /api/addresses/autocomplete': 'address-register',
  'POST /api/usage-points/search': 'grid-register',
  // The e-ID broker (OpenID discovery, token exchange) and the sign-in mail.
  'GET /api/auth/signin/*': 'e-id',
  'POST /api/auth/signin/*': 'e-id',
  'GET /api/auth/callback/*': 'e-id',
  'POST /api/auth/callback/*': 'e-id',
  // The payment provider: a payment started, and its status asked while it is pending.
  'POST /api/invoices/:invoiceNumber/payments': 'payments',
  'GET /api/payments/:paymentId': 'payments',
  // The signing service (and the Estonian datahub): a signing started, settled or asked after.
  'POST /api/contracts/create': 'signing',
  'POST /api/contracts/create/estonia': 'signing',
  'POST /api/contracts/:id/renew': 'signing',
  'POST /api/contracts/finalize': 'signing',
  'GET /api/contracts/signing/status': 'signing',
};

/** A client address of its own per call site and run, so runs sharing one Redis never share counters. */
const someAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** A person of their own who represents Aino's customership on Lumo, signed in: counters start at nothing. */
async function someRepresentative(db: Database): Promise<string> {
  const [aino] = await db.select({ id: customer.id }).from(customer).where(eq(customer.clientCode, 'LUMO-100001'));
  const ssn = `TEST-${randomUUID()}`;
  const [created] = await db.insert(person).values({ name: 'Limit Tester', ssn }).returning({ id: person.id });
  await db
    .insert(customerAccess)
    .values({ code: `rc-${randomUUID()}`, customerId: aino!.id, personId: created!.id, relation: 'representative' });
  return sessionCookieFor(db, ssn, 'lumo');
}

/** A call of the route with nothing it could act on: the limit is checked before the input is. */
function call(app: App, route: RegisteredRoute, cookie: string | null, remoteAddress: string) {
  const url = route.url.replace(/:[a-zA-Z]+/g, 'nothing').replace('*', 'eid');
  return app.inject({
    method: route.method as 'GET' | 'POST',
    url,
    remoteAddress,
    headers: { host: HOSTS.lumo, ...(cookie ? { cookie } : {}) },
  });
}

describe('calls that reach an outside service are limited per person and per address', () => {
  const ctx = useTestApp();
  const declared = () => ctx.app.registeredRoutes.filter((route) => route.outsideService !== null);
  let people: string[] = [];

  beforeAll(async () => {
    people = [];
    for (let n = 0; n < 4; n++) people.push(await someRepresentative(ctx.database.db));
  });

  it('declares the outside service of every call that reaches one, and only of those', () => {
    const found = Object.fromEntries(declared().map((route) => [`${route.method} ${route.url}`, route.outsideService]));
    expect(found).toEqual(REACHES_OUTSIDE);
  });

  for (const [declaration, service] of Object.entries(REACHES_OUTSIDE)) {
    const { perPerson, perAddress } = OUTSIDE_SERVICES[service];
    const routeOf = () => declared().find((route) => `${route.method} ${route.url}` === declaration)!;

    it(`limits ${declaration} (${service}) to ${perPerson} calls a minute per person and ${perAddress} per address`, async () => {
      const route = routeOf();
      const [person, ...callers] = people as [string, ...string[]];
      for (let n = 0; n < perPerson; n++) {
        const answered = await call(ctx.app, route, person, someAddress());
        expect(answered.statusCode, `call ${n + 1}: ${answered.body}`).not.toBe(429);
      }
      const refused = await call(ctx.app, route, person, someAddress());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        name: 'RateLimitError',
        code: 'RATE_LIMITED',
        statusCode: 429,
        requestId: expect.any(String),
      });

      // One address, three people, none of them at their own limit.
      const address = someAddress();
      for (let n = 0; n < perAddress; n++) {
        const answered = await call(ctx.app, route, callers[n % callers.length]!, address);
        expect(answered.statusCode, `call ${n + 1} from one address: ${answered.body}`).not.toBe(429);
      }
      const fromAddress = await call(ctx.app, route, callers[perAddress % callers.length]!, address);
      expect(fromAddress.statusCode).toBe(429);
      expect(fromAddress.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // The same person from another address is answered: it was the address that was limited.
      expect((await call(ctx.app, route, callers[perAddress % callers.length]!, someAddress())).statusCode).not.toBe(429);
    });
  }
});

/** Like TEST_DATABASE_URL for PostgreSQL: the Redis case runs where a Redis answers (CI starts one). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

if (await answers(redisUrl)) {
  describe(`outside-service limits kept in Redis (${redisUrl})`, () => {
    const copies = useTwoServerCopies({ REDIS_URL: redisUrl });

    it('lets two server copies sharing one Redis allow a person’s calls once between them', async () => {
      const [first, second] = copies as [ServerCopy, ServerCopy];
      const validate = first.app.registeredRoutes.find((route) => route.url === '/api/business/validate/:code')!;
      const cookie = await someRepresentative(first.database.db);
      const { perPerson } = OUTSIDE_SERVICES['business-register'];
      for (let n = 0; n < perPerson; n++) {
        const copy = n % 2 === 0 ? first : second;
        expect((await call(copy.app, validate, cookie, someAddress())).statusCode).not.toBe(429);
      }
      expect((await call(second.app, validate, cookie, someAddress())).statusCode).toBe(429);
      expect((await call(first.app, validate, cookie, someAddress())).statusCode).toBe(429);
    });
  });
}
