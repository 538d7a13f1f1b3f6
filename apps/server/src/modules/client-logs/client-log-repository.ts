import type { ClientLogRequest } from '@portal/schema/client-logs';
import { clientLog } from '../../db/schema/client-logs.ts';
import type { Executor } from '../../platform/database.ts';

export type ClientLogContext = { siteId: string; clientId: string | null; requestId: string; userAgent: string | null };

/** What the browsers report (POST /api/logs, and Auth.js's client log), kept with the site and request it came from. */
export const clientLogRepository = {
  async insert(executor: Executor, entry: ClientLogRequest, context: ClientLogContext): Promise<string> {
    const [row] = await executor
      .insert(clientLog)
      .values({ ...context, level: entry.level, message: entry.message, payload: entry.payload ?? null })
      .returning({ id: clientLog.id });
    return String(row!.id);
  },
};
