import type { ApiErrorBody } from '@portal/schema/errors';
import type { DataFolderHolder } from '../platform/data-folder-lock.ts';
import type { ImportKind, ImportOutcome, ImportReport } from './import-file.ts';
import { IMPORT_PATH, IMPORT_TOKEN_HEADER } from './import-route.ts';

/** The server that holds the folder, as reachable from this machine: a wildcard listen address answers on loopback. */
export function serverUrlOf(address: { host: string; port: number }): URL {
  const host = ['0.0.0.0', '', '::', 'localhost'].includes(address.host) ? '127.0.0.1' : address.host;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
}

export class ServerUnreachableError extends Error {
  readonly origin: string;
  readonly reason: string;

  constructor(origin: string, reason: string) {
    super(`${origin} does not answer (${reason})`);
    this.origin = origin;
    this.reason = reason;
  }
}

/**
 * Sends the file to the running server that holds the PGlite folder (docs/decisions/014), with the token from
 * its lock file, and returns the server's verdict in the same shape as a local import.
 */
export async function importThroughServer(
  holder: DataFolderHolder & { address: { host: string; port: number } },
  kind: ImportKind,
  content: string,
  siteId: string | undefined,
): Promise<ImportOutcome> {
  const url = new URL(`${IMPORT_PATH}/${kind}`, serverUrlOf(holder.address));
  if (siteId) url.searchParams.set('site', siteId);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8', [IMPORT_TOKEN_HEADER]: holder.token },
      body: content,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ServerUnreachableError(url.origin, cause?.code ?? cause?.message ?? (error as Error).message);
  }
  if (response.ok) return { ok: true, ...((await response.json()) as ImportReport) };
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  if (response.status === 400 && body?.code === 'IMPORT_REJECTED' && body.issues) {
    return { ok: false, problems: body.issues.map(({ path, message }) => ({ where: path, message })) };
  }
  throw new Error(`the server at ${url.origin} refused the import: ${response.status} ${body?.message ?? response.statusText}`);
}
