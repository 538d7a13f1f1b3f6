import { request } from 'node:http';

export type ServerSentEvent = { id: string | null; event: string | null; data: string };

/**
 * Opens a Server-Sent Events stream over real HTTP (app.inject cannot hold a stream open) and collects events
 * until `count` arrived or `timeoutMs` passed; the connection is closed either way.
 */
export function readEvents(
  url: string,
  headers: Record<string, string>,
  { count, timeoutMs = 5000, onOpen }: { count: number; timeoutMs?: number; onOpen?: () => void },
): Promise<{ status: number; contentType: string | undefined; events: ServerSentEvent[] }> {
  return new Promise((resolve, reject) => {
    const events: ServerSentEvent[] = [];
    const req = request(url, { headers }, (response) => {
      let buffer = '';
      const finish = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], events });
      };
      const timer = setTimeout(finish, timeoutMs);
      if (response.statusCode !== 200) {
        response.resume();
        return finish();
      }
      onOpen?.();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n').filter((line) => line && !line.startsWith(':'));
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
          const data = field('data');
          if (data !== null) events.push({ id: field('id'), event: field('event'), data });
          if (events.length >= count) return finish();
        }
      });
      response.on('end', finish);
    });
    req.on('error', (error) => (events.length > 0 ? undefined : reject(error)));
    req.end();
  });
}

export type OpenStream = {
  status: number;
  /** Settles when the answer ends: the server ends it or cuts it off (or the test closes it). */
  ended: Promise<void>;
  close: () => void;
};

/** Opens an answer over real HTTP and keeps it open, for what must end it (a sign-out, a lost access). */
export function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      // 'close' comes after the last byte, or when the connection is cut off.
      const ended = new Promise<void>((settle) => response.once('close', settle));
      response.once('error', () => {});
      response.resume();
      resolve({ status: response.statusCode ?? 0, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether `settles` settles within `ms`: a bound on waiting, so a stream left open fails the test instead of hanging it. */
export async function settlesWithin(settles: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([settles.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
