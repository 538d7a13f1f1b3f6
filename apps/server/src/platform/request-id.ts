import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps the client's x-request-id when it is well-formed so a browser log line and a server log line share it. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && acceptableId.test(header) ? header : randomUUID();
}
