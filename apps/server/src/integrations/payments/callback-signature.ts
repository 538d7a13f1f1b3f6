import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the exact bytes sent, hex: how the simulator signs its callbacks. */
export function signCallback(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time comparison, so a forger learns nothing from how fast a wrong signature fails. */
export function isValidCallbackSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signCallback(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
