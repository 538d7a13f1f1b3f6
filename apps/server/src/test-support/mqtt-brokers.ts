import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';

/** The machine's Mosquitto, when one answers on loopback (as TEST_DATABASE_URL names a PostgreSQL). */
const MOSQUITTO = { host: '127.0.0.1', port: 1883 };

async function answers({ host, port }: { host: string; port: number }, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The brokers a head-end test runs against: always the embedded one (no MQTT_URL), and Mosquitto too when it
 * answers. Each test app gets a topic root of its own, so test files sharing Mosquitto never hear each other.
 */
export async function testBrokers(): Promise<{ name: string; env: Record<string, string> }[]> {
  const brokers = [{ name: 'embedded broker', env: {} as Record<string, string> }];
  if (await answers(MOSQUITTO)) brokers.push({ name: 'Mosquitto', env: { MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}` } });
  return brokers.map((broker) => ({ ...broker, env: { ...broker.env, MQTT_TOPIC_ROOT: `test/${randomUUID().slice(0, 8)}` } }));
}
