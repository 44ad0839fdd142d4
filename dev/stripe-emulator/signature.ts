import { createHmac } from 'node:crypto';

/** Stripe's `Stripe-Signature` header: HMAC-SHA256 of `${t}.${payload}` keyed with the endpoint secret. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
