import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * The outside systems a request may reach while the caller waits, and how many calls of one such route a person and a
 * client address may make in a minute (docs/decisions/101). Per person and per address: a person cannot spread
 * calls over addresses, nor an address over accounts. Polling sets the floor: a payment is polled every 1.5 s while
 * it settles, a signing every 3 s; sign-in keeps the ten a minute per address it had.
 */
export const OUTSIDE_SERVICES = {
  'business-register': { name: 'the business register', perPerson: 30, perAddress: 60 },
  'address-register': { name: 'the address search', perPerson: 120, perAddress: 240 },
  'grid-register': { name: 'the usage-point register', perPerson: 30, perAddress: 60 },
  'e-id': { name: 'the e-ID service', perPerson: 10, perAddress: 10 },
  payments: { name: 'the payment service', perPerson: 60, perAddress: 120 },
  signing: { name: 'the signing service', perPerson: 40, perAddress: 80 },
} as const satisfies Record<string, { name: string; perPerson: number; perAddress: number }>;
export type OutsideService = keyof typeof OUTSIDE_SERVICES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route calls this outside service while the caller waits: it is limited per person and per address. */
    outsideService?: OutsideService;
  }
}

const MINUTE_MS = 60_000;

/**
 * Routes declare their limits (`config.rateLimit`), counted per client address (`request.ip`, which believes
 * X-Forwarded-For only from TRUST_PROXY's proxies). With REDIS_URL the counters live in Redis, so N server
 * copies allow the limit once, not N times; without it, in this process's memory.
 */
export const rateLimits = fp<{ redisUrl: string | null }>(
  async (app: FastifyInstance, { redisUrl }) => {
    if (!redisUrl) {
      await app.register(rateLimit, { global: false });
      limitOutsideServices(app);
      return;
    }
    // Loaded only by a copy that shares its counters (issue 30, lean copies). One retry per command: a limit check must
    // not hold a request while Redis is away.
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    let reachable = true;
    redis.on('error', (err) => {
      if (reachable) app.log.warn({ err }, 'Redis for rate limits is unreachable: limits are not enforced until it is back');
      reachable = false;
    });
    redis.on('ready', () => {
      if (!reachable) app.log.info('Redis for rate limits is back');
      reachable = true;
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Open when Redis fails: sign-in and the client log stay available, as without limits, rather than
    // answering every call 500 (docs/decisions/016).
    await app.register(rateLimit, { global: false, redis, nameSpace: 'portal-rate-limit-', skipOnError: true });
    limitOutsideServices(app);
  },
  { name: 'rate-limits' },
);

/**
 * Every route declaring `config.outsideService` gets its two limits, counted per route, after the area's guard (a
 * stranger refused there counts nothing) and before its input is read: 429 `RATE_LIMITED` with Retry-After.
 */
function limitOutsideServices(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const service = route.config?.outsideService;
    if (!service) return;
    const { name, perPerson, perAddress } = OUTSIDE_SERVICES[service];
    const methods = [route.method].flat().join(',');
    const counter = (max: number, of: (request: FastifyRequest) => string) =>
      app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (request) => `outside-${methods} ${route.url}-${of(request)}` });
    const byPerson = counter(perPerson, (request) => `person-${request.actor?.person.id}`);
    const byAddress = counter(perAddress, (request) => `address-${request.ip}`);

    async function limitCalls(request: FastifyRequest, reply: FastifyReply) {
      const counts = await Promise.all([byAddress(request), ...(request.actor ? [byPerson(request)] : [])]);
      const waits = counts.flatMap((count) => (!count.isAllowed && count.isExceeded ? [count.ttlInSeconds] : []));
      if (waits.length === 0) return;
      const seconds = Math.max(1, ...waits);
      reply.header('retry-after', String(seconds));
      throw new AppError('RATE_LIMITED', `Too many calls to ${name}; try again in ${seconds} seconds`);
    }
    route.onRequest = [route.onRequest ?? []].flat().concat(limitCalls);
  });
}
