import webpush from 'web-push';
import { isAllowedPushEndpoint } from './push-service-hosts.ts';
import { PushRefusedError, type PushOptions, type PushOutcome, type PushSender, type PushTarget, type VapidIdentity } from './port.ts';

/** A push service that does not answer in this long is tried again later by the job. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Standard Web Push: the `web-push` library signs the VAPID header (RFC 8292) and encrypts the payload (RFC 8291,
 * aes128gcm); the request itself goes out through fetch, only to an allowed push service host.
 */
export function webPushSender(allowedHosts: readonly string[], fetchImpl: typeof fetch = fetch): PushSender {
  return {
    async send(target: PushTarget, payload: string, vapid: VapidIdentity, options: PushOptions): Promise<PushOutcome> {
      if (!isAllowedPushEndpoint(target.endpoint, allowedHosts)) {
        throw new PushRefusedError(`Push endpoint ${new URL(target.endpoint).host} is not an allowed push service`);
      }
      const request = webpush.generateRequestDetails(target, payload, {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        ...(options.topic ? { topic: options.topic } : {}),
      });
      const response = await fetchImpl(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return 'delivered';
      // RFC 8030 §7.3: the subscription expired or was cancelled; the browser will subscribe again if it wants to.
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.status === 429 || response.status >= 500) throw new Error(`Push service answered ${response.status}; retrying later`);
      throw new PushRefusedError(`Push service refused the message with ${response.status}`);
    },
  };
}
