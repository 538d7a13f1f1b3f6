import type { ClientLogRequest } from '@portal/schema/client-logs';
import { clientLog } from '../../db/schema/client-logs.ts';
import type { Database } from '../../platform/database.ts';

export type ClientLogContext = { siteId: string; clientId: string | null; requestId: string; userAgent: string | null };

export function createClientLogRepository(db: Database) {
  return {
    async insert(entry: ClientLogRequest, context: ClientLogContext): Promise<string> {
      const [row] = await db
        .insert(clientLog)
        .values({ ...context, level: entry.level, message: entry.message, payload: entry.payload ?? null })
        .returning({ id: clientLog.id });
      return String(row!.id);
    },
  };
}
export type ClientLogRepository = ReturnType<typeof createClientLogRepository>;
