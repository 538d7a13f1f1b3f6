/** A browser's push subscription as the sender needs it: the push service's address and the keys to encrypt for. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** The installation's VAPID identity (RFC 8292): the key pair and a contact the push services can write to. */
export type VapidIdentity = { publicKey: string; privateKey: string; subject: string };

export type PushOptions = {
  /** How long the push service keeps the message for a browser that is offline, in seconds. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces one the push service still holds (RFC 8030 §5.4). */
  topic?: string;
};

/** delivered: the push service took it; gone: the subscription no longer exists and should be forgotten. */
export type PushOutcome = 'delivered' | 'gone';

/** The push service refused the message for a reason retrying cannot change (bad VAPID, too large). */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
}

export interface PushSender {
  /** Encrypts `payload` for the browser (RFC 8291, aes128gcm) and hands it to its push service (RFC 8030). */
  send(target: PushTarget, payload: string, vapid: VapidIdentity, options: PushOptions): Promise<PushOutcome>;
}
