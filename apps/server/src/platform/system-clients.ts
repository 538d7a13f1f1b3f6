import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SystemClientKind } from '@portal/schema/inbound-meter-readings';
import { systemClient } from '../db/schema/system-clients.ts';
import type { Database, Executor } from './database.ts';
import { AppError } from './errors.ts';

/** A machine of the utility, proved by its token: it acts on its own site only (docs/decisions/131). */
export type SystemClient = { id: string; siteId: string; kind: SystemClientKind; name: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSystemClient` on a system area's routes (`systemArea`, which decorates requests with it). */
    systemClient: SystemClient | null;
  }
}

/** Hex SHA-256 of a token: what `system_client` keeps of it. */
export const tokenSha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** 43 characters of base64url: 256 random bits. Longer headers are no token of ours and are not hashed. */
const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{16,200})$/;

export const systemClientRepository = {
  /**
   * The client of this site and kind whose token hashes to `sha256`, unless revoked. Found by the hash's unique
   * index, so looking it up takes the same time whoever asks; a token of another site finds nothing here.
   */
  async byToken(executor: Executor, siteId: string, kind: SystemClientKind, sha256: string): Promise<SystemClient | null> {
    const [row] = await executor
      .select({ id: systemClient.id, siteId: systemClient.siteId, kind: systemClient.kind, name: systemClient.name })
      .from(systemClient)
      .where(
        and(
          eq(systemClient.tokenSha256, sha256),
          eq(systemClient.siteId, siteId),
          eq(systemClient.kind, kind),
          isNull(systemClient.revokedAt),
        ),
      );
    return row ?? null;
  },
};

/**
 * The guard of a system area: `Authorization: Bearer <token>` of a client of the request's site (the host name's)
 * and of this kind. Runs on `onRequest`, before the body is read, like the import route's token (decision 014): a
 * stranger learns nothing of the call, and a token of site A presented on site B's host is as unknown as a made-up
 * one, so a system of A can never write B's meters.
 */
export function requireSystemClient(db: Database, kind: SystemClientKind) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const client = match ? await systemClientRepository.byToken(db, request.site.id, kind, tokenSha256(match[1]!)) : null;
    if (!client) {
      reply.header('www-authenticate', 'Bearer realm="portal"');
      throw new AppError('SYSTEM_TOKEN_REFUSED', `This call needs the bearer token of this site's ${kind}`);
    }
    request.systemClient = client;
  };
}
