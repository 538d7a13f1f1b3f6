import { createServer } from 'node:net';

/** Whether a server can listen on `port` of 127.0.0.1 now; the trial server is closed again. */
async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) await new Promise((resolve) => server.close(resolve));
  return listening;
}

/**
 * A port nothing listens on, so a server's own address is known before it starts (test apps, the bench's server copies). Chosen below the ephemeral
 * ports (Linux 32768–60999, macOS and Windows 49152–65535), which the system hands to outgoing connections: a port the
 * system picked for a trial listen could be given to another test's connection before the server listens on it, and
 * one CI run failed so (EADDRINUSE in import-through-server.test.ts).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}
