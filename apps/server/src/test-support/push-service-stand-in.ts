import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a subscription: what it hands the server (endpoint, p256dh, auth) and the private key it keeps. */
export type StandInSubscription = {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's ECDH private key: only it can read what is sent to the subscription. */
  privateKey: Buffer;
};

/** A message as the browser got it, after decryption, with what the push service checked on the way. */
export type ReceivedPush = {
  subscriptionId: string;
  payload: string;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
  /** The VAPID JWT's claims, after its ES256 signature was checked against the `k` key of the header. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
};

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A push service and a browser in one (for tests): hands out subscriptions whose keys it keeps, takes messages as
 * RFC 8030 says, checks their VAPID signature (RFC 8292) and decrypts them as a browser does (RFC 8291, aes128gcm),
 * so a test reads exactly what the service worker would. `answerWith` makes it refuse (410 gone, 500, …).
 */
export async function startPushServiceStandIn() {
  const subscriptions = new Map<string, StandInSubscription>();
  const received: ReceivedPush[] = [];
  const listeners = new Set<(message: ReceivedPush) => void>();
  let nextStatus: number[] = [];

  const server: Server = createServer((request, response) => {
    void handle(request).then(
      (status) => response.writeHead(status).end(),
      (error: unknown) => response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(request: IncomingMessage): Promise<number> {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST') return 405;
    if (!subscription) return 404;
    const forced = nextStatus.shift();
    if (forced) return forced;
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding must be aes128gcm');
    const vapid = verifyVapid(String(request.headers.authorization ?? ''), origin);
    const payload = decryptAes128gcm(Buffer.concat(chunks), subscription);
    const message: ReceivedPush = {
      subscriptionId: subscription.id,
      payload,
      headers: {
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        topic: request.headers.topic as string | undefined,
      },
      vapid,
    };
    received.push(message);
    for (const listener of listeners) listener(message);
    return 201;
  }

  return {
    origin,
    /** The host:port to allow in PUSH_SERVICE_HOSTS. */
    host: new URL(origin).host,
    received,
    /** A new browser subscription: the keys are made here, as a browser makes them. */
    subscribe(): StandInSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = b64url(randomBytes(9));
      const subscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) },
        privateKey: ecdh.getPrivateKey(),
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    /** The next messages are answered with these statuses instead of being delivered. */
    answerWith(...statuses: number[]) {
      nextStatus = statuses;
    },
    /** Resolves with the next message delivered to a subscription. */
    nextMessage(timeoutMs = 10_000): Promise<ReceivedPush> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push message arrived')), timeoutMs);
        const listener = (message: ReceivedPush) => {
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(message);
        };
        listeners.add(listener);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the push service's origin. */
function verifyVapid(authorization: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error('Authorization must be "vapid t=…, k=…"');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const publicKey = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(publicKey.subarray(1, 33)), y: b64url(publicKey.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string }).alg !== 'ES256')
    throw new Error('VAPID alg must be ES256');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (parsed.aud !== origin) throw new Error(`VAPID aud ${parsed.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(parsed.exp > now && parsed.exp <= now + 24 * 3600)) throw new Error('VAPID exp must be within 24 hours');
  return { ...parsed, publicKey: k };
}

/** RFC 8291 §3.4 and RFC 8188: what the browser does with a message for its subscription. */
export function decryptAes128gcm(body: Buffer, subscription: Pick<StandInSubscription, 'keys' | 'privateKey'>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error('the key id must be the sender’s 65-byte public key');
  if (ciphertext.length > recordSize) throw new Error('one record only');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const receiverPublicKey = Buffer.from(subscription.keys.p256dh, 'base64url');
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const authSecret = Buffer.from(subscription.keys.auth, 'base64url');
  // HKDF as RFC 8291 writes it out: extract with the auth secret, expand with the key info.
  const prkKey = hmac(authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record must end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}
