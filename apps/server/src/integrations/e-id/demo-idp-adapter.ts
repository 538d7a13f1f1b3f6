import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { demoIdpPayload as stored } from '../../db/schema/demo-idp.ts';
import type { Database } from '../../platform/database.ts';

/**
 * oidc-provider's storage interface over one table (db/schema/demo-idp.ts): what the provider would otherwise
 * keep in one process's memory, lost on restart and invisible to other server copies.
 */
export function databaseAdapter(db: Database): AdapterFactory {
  return (model) => new DatabaseAdapter(db, model);
}

class DatabaseAdapter implements Adapter {
  private readonly db: Database;
  private readonly model: string;

  constructor(db: Database, model: string) {
    this.db = db;
    this.model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = new Date();
    const row = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
      consumedAt: null,
    };
    await this.db.delete(stored).where(and(eq(stored.model, this.model), lt(stored.expiresAt, now)));
    await this.db
      .insert(stored)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [stored.model, stored.id], set: row });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(stored.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(stored.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(stored.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(stored)
      .set({ consumedAt: new Date() })
      .where(and(eq(stored.model, this.model), eq(stored.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(stored).where(and(eq(stored.model, this.model), eq(stored.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(stored).where(and(eq(stored.model, this.model), eq(stored.grantId, grantId)));
  }

  /** A live row's payload; a consumed one carries `consumed` (epoch seconds), which the provider checks for replays. */
  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: stored.payload, consumedAt: stored.consumedAt })
      .from(stored)
      .where(and(eq(stored.model, this.model), condition, or(isNull(stored.expiresAt), gt(stored.expiresAt, new Date()))))
      .limit(1);
    if (!row) return undefined;
    return row.consumedAt ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : row.payload;
  }
}
