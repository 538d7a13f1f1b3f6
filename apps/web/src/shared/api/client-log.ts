import type { ClientLogRequest } from '@portal/schema/client-logs';
import { api } from './api-client.ts';

/** Sends a line to the client log (spec §7 POST /api/logs). Logging must never break the page, so failures are dropped. */
export function sendClientLog(entry: ClientLogRequest): Promise<void> {
  return api('/api/logs', { method: 'POST', body: entry }).then(
    () => undefined,
    () => undefined,
  );
}
