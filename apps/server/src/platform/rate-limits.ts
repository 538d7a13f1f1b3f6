import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Routes declare their limits (`config.rateLimit`), counted per client address (`request.ip`, which believes
 * X-Forwarded-For only from TRUST_PROXY's proxies). With REDIS_URL the counters live in Redis, so N server
 * copies allow the limit once, not N times; without it, in this process's memory.
 */
export const rateLimits = fp<{ redisUrl: string | null }>(
  async (app: FastifyInstance, { redisUrl }) => {
    if (!redisUrl) {
      await app.register(rateLimit, { global: false });
      return;
    }
    // One retry per command: a limit check must not hold a request while Redis is away.
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
  },
  { name: 'rate-limits' },
);
