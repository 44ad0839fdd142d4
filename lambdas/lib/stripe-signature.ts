import { createHmac, timingSafeEqual } from 'node:crypto';

// Stripe's webhook signature, checked as the SDK's webhooks.constructEvent does: the Stripe-Signature
// header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (several v1 while a secret is being rolled), each
// v1 an HMAC-SHA256 of `${t}.${rawBody}` keyed with the endpoint secret. One match is enough; the
// timestamp must be at most `toleranceSeconds` old, so a captured delivery cannot be replayed later.

export const DEFAULT_TOLERANCE_SECONDS = 300;

export class StripeSignatureVerificationError extends Error {
  /** The SDK's class name, as http.ts and callers duck-type Stripe errors by `type`. */
  readonly type = 'StripeSignatureVerificationError';

  constructor(message: string) {
    super(message);
    this.name = 'StripeSignatureVerificationError';
  }
}

export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value, 10);
    else if (key === 'v1') signatures.push(value);
  }
  return { timestamp, signatures };
}

const sameHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Throws StripeSignatureVerificationError unless one v1 signature matches and the timestamp is recent. */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  opts: { toleranceSeconds?: number; nowMs?: number } = {},
): void {
  if (!rawBody) throw new StripeSignatureVerificationError('No webhook payload was provided.');
  if (!header) throw new StripeSignatureVerificationError('No stripe-signature header value was provided.');
  if (!secret.trim()) throw new StripeSignatureVerificationError('No webhook secret was provided.');
  const { timestamp, signatures } = parseSignatureHeader(header);
  if (!Number.isFinite(timestamp) || timestamp < 0) {
    throw new StripeSignatureVerificationError('Unable to extract timestamp and signatures from header');
  }
  if (signatures.length === 0) {
    throw new StripeSignatureVerificationError('No signatures found with expected scheme');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  if (!signatures.some((s) => sameHex(expected, s))) {
    throw new StripeSignatureVerificationError(
      'No signatures found matching the expected signature for payload.',
    );
  }
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = Math.floor((opts.nowMs ?? Date.now()) / 1000) - timestamp;
  if (tolerance > 0 && age > tolerance) {
    throw new StripeSignatureVerificationError('Timestamp outside the tolerance zone');
  }
}
