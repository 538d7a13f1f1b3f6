import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';

export type EmbeddedBroker = { url: string; port: number; close: () => Promise<void> };

/**
 * An MQTT broker (Aedes) inside the server's own process, on loopback, for when MQTT_URL names none: the
 * head-end and the meter simulator then talk over a real broker protocol and `npm start` needs nothing more.
 * Port 0 takes any free port; a test restarts a broker on the port it had to play a broker restart.
 */
export async function startEmbeddedBroker({ port = 0 }: { port?: number } = {}): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${bound}`,
    port: bound,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
